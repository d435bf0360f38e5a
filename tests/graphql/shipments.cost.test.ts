import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import type { FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { TestClock } from "../../server/core/clock";
import type { Database } from "../../server/db/client";
import * as schema from "../../server/db/schema";
import { startBoss } from "../../server/jobs/boss";
import { silentLog } from "../setup/context";
import { freshDatabase, type TestDatabase } from "../setup/db";
import { freePort } from "../setup/postgres";
import { graphqlClient, shipmentsWithHistory, shipmentsWorld, signIn } from "./shipments.kit";

// A shipments_v2 page with nested latestHistory { vessels containers }, owner and
// team costs the same few SQL statements whatever its size, because every nested field is batched
// across the page. Counted with a query logger on the app's own database handle (pg-boss has its
// own pool and is not counted), over HTTP, interpreted and once graphql-jit has compiled the document.

let database: TestDatabase;
let client: postgres.Sql;
let boss: PgBoss;
let app: FastifyInstance;
let url: string;
const statements: string[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  client = postgres(database.url, { max: 5, onnotice: () => {} });
  const counted: Database = drizzle(client, {
    schema,
    casing: "snake_case",
    // The session's own statement is not counted: after a request's first it is kept in memory
    // (core/session-cache; server/modules/auth/session-cost.test.ts counts it), so it would make
    // the first request of each session differ from the others.
    logger: {
      logQuery: (query) => {
        if (!/from "sessions" inner join "users"/.test(query)) statements.push(query);
      },
    },
  });
  boss = await startBoss(database.url, silentLog, { worker: false, max: 2 });
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: database.url,
    PORT: String(port),
    APP_URL: url,
  });
  app = await buildApp({ config, db: counted, boss, clock: new TestClock(new Date()) });
  await app.listen({ port, host: "127.0.0.1" });
});
afterAll(async () => {
  await app?.close();
  await boss?.stop({ graceful: false, close: true });
  await client?.end();
  await database?.close();
});

const PAGE = /* GraphQL */ `
  query ($teamId: ID, $perPage: Int) {
    shipments_v2(teamId: $teamId, tab: ALL, perPage: $perPage) {
      items {
        id title trackingNumber isFavoriteForViewer
        owner { id nickname email }
        team { id name }
        teamPublicSettings { enableRequestedEta }
        latestHistory {
          id status loadingPort { locode } dischargingPort { locode } departureTime arrivalTime
          vessels { vesselName voyage } containers { containerNumber sizeType }
        }
      }
      pagination { total hasNextPage }
    }
  }`;

describe("the cost of a shipments_v2 page", () => {
  it("is the same few statements for 10 and for 100 shipments, interpreted and compiled", async () => {
    const world = await shipmentsWorld(database.db, new Date());
    await shipmentsWithHistory(database.db, world.f, world.team, world.members.OPERATOR.id, 100);
    const admin = graphqlClient(
      url,
      await signIn(database.db, new TestClock(new Date()), world.members.ADMIN.id),
    );

    const counts: Record<string, number[]> = { 10: [], 100: [] };
    // Three runs each: the first two interpreted, the third compiled by graphql-jit.
    for (let run = 0; run < 3; run += 1) {
      for (const perPage of [10, 100]) {
        statements.length = 0;
        const res = await admin(PAGE, { teamId: world.team.id, perPage });
        expect(res.body.errors).toBeUndefined();
        const { items, pagination } = res.body.data.shipments_v2;
        expect(items).toHaveLength(perPage);
        expect(pagination).toEqual({ total: 100, hasNextPage: perPage < 100 });
        for (const item of items) {
          expect(item.latestHistory.vessels).toHaveLength(2);
          expect(item.latestHistory.containers).toHaveLength(2);
          expect(item.owner.email).toBe(world.members.OPERATOR.email);
          expect(item.team.name).toBe("Tokyo desk");
          expect(item.latestHistory.status).toBe("success");
        }
        counts[perPage]?.push(statements.length);
      }
    }
    const [first] = counts[10] ?? [];
    // The page with its total, the team's checks and the latest histories' legs (1), then one each
    // for the latest histories' own fields (status), their containers, the owners' e-mails and the
    // teams' settings (4). The route and times of the latest history and the owner's and team's
    // names come with the page.
    expect(first).toBe(5);
    expect([...(counts[10] ?? []), ...(counts[100] ?? [])]).toEqual(Array(6).fill(first));
  });

  it("answers containers { containerNumber } from the page itself, without a statement", async () => {
    const world = await shipmentsWorld(database.db, new Date());
    await shipmentsWithHistory(database.db, world.f, world.team, world.members.OPERATOR.id, 5);
    const admin = graphqlClient(
      url,
      await signIn(database.db, new TestClock(new Date()), world.members.ADMIN.id),
    );
    const page = (containers: string) =>
      `query ($t: ID) { shipments_v2(teamId: $t, tab: ALL) { items { title latestHistory { ${containers} } } } }`;
    statements.length = 0;
    const numbers = await admin(page("containers { containerNumber }"), { t: world.team.id });
    const numbersOnly = statements.length;
    statements.length = 0;
    const full = await admin(page("containers { containerNumber sizeType }"), { t: world.team.id });
    expect(statements.length).toBe(numbersOnly + 1);
    const strip = (body: typeof full.body) =>
      body.data.shipments_v2.items.map(
        (i: { latestHistory: { containers: { containerNumber: string }[] } }) =>
          i.latestHistory.containers.map((c) => c.containerNumber),
      );
    expect(strip(numbers.body)).toEqual(strip(full.body));
    expect(strip(numbers.body)[0]).toEqual(["MSCU1000001", "TGHU2000007"]);
  });
});

describe("the cost of Shipment.attachments and Team.shipmentCount", () => {
  it("is the same few statements whatever the number of shipments or teams", async () => {
    const world = await shipmentsWorld(database.db, new Date());
    await database.db
      .update(schema.companies)
      .set({ isConnectEnabled: true })
      .where(eq(schema.companies.id, world.company.id));
    const made = await shipmentsWithHistory(database.db, world.f, world.team, world.members.OPERATOR.id, 100);
    await database.db.insert(schema.attachments).values(
      made.map((shipment) => ({
        companyId: world.company.id,
        shipmentId: shipment.id,
        filename: "invoice.pdf",
        contentType: "application/pdf" as const,
        fileSizeBytes: 1024,
        storageKey: crypto.randomUUID(),
        uploadedByUserId: world.members.OPERATOR.id,
        uploadedAt: new Date(),
      })),
    );
    for (let i = 0; i < 30; i += 1) await world.f.team(world.company.id, { name: `Desk ${i}` });
    const admin = graphqlClient(
      url,
      await signIn(database.db, new TestClock(new Date()), world.members.ADMIN.id),
    );
    const cost = async (query: string, variables: Record<string, unknown> = {}) => {
      statements.length = 0;
      const res = await admin(query, variables);
      expect(res.body.errors).toBeUndefined();
      return { n: statements.length, data: res.body.data };
    };
    const page = (fields: string) =>
      `query ($t: ID, $n: Int) { shipments_v2(teamId: $t, tab: ALL, perPage: $n) { items { id ${fields} } } }`;
    const extra: number[] = [];
    for (const perPage of [10, 100]) {
      const plain = await cost(page(""), { t: world.team.id, n: perPage });
      const files = await cost(page("attachments { id filename }"), { t: world.team.id, n: perPage });
      expect(files.data.shipments_v2.items).toHaveLength(perPage);
      extra.push(files.n - plain.n);
    }
    // The files of the whole page and their share lists: one statement each.
    expect(extra).toEqual([2, 2]);

    // Once first: the viewer's own teams are then kept with the session (core/session-cache).
    await cost("{ viewer { company { teams { name } } } }");
    const teams = await cost("{ viewer { company { teams { name } } } }");
    const counted = await cost("{ viewer { company { teams { name shipmentCount } } } }");
    expect(counted.data.viewer.company.teams).toHaveLength(32);
    const tokyo = counted.data.viewer.company.teams.find((t: { name: string }) => t.name === "Tokyo desk");
    expect(tokyo.shipmentCount).toBe(100);
    // One statement for the 32 teams' counts.
    expect(counted.n - teams.n).toBe(1);
  });
});

describe("a shipments_v2 page with its latest histories' legs", () => {
  const VESSEL = /* GraphQL */ `
    fragment Leg on Vessel {
      id sequence vesselName imo mmsi voyage
      loadingPort { locode name latitude longitude timeZone }
      dischargingPort { locode name latitude longitude timeZone }
      departureTime departureTimeStatus arrivalTime arrivalTimeStatus
    }`;

  /** Four failing shipments: legs stored out of order, a history without legs, no history, a bare leg. */
  async function legsWorld() {
    const world = await shipmentsWorld(database.db, new Date());
    const { f, team } = world;
    const owner = world.members.OPERATOR.id;
    const history = async (title: string, legs: (typeof schema.historyVessels.$inferInsert)[] | null) => {
      const shipment = await f.shipment(team, { ownerUserId: owner, title });
      if (legs !== null) {
        const [h] = await database.db
          .insert(schema.shipmentHistories)
          .values({ shipmentId: shipment.id, companyId: shipment.companyId, status: "success" })
          .returning();
        if (!h) throw new Error("no history");
        for (const leg of legs)
          await database.db.insert(schema.historyVessels).values({ ...leg, historyId: h.id });
        await database.db
          .update(schema.shipments)
          .set({ latestHistoryId: h.id })
          .where(eq(schema.shipments.id, shipment.id));
      }
      await database.db
        .update(schema.shipments)
        .set({ isFailing: true })
        .where(eq(schema.shipments.id, shipment.id));
    };
    const leg = (sequence: number, rest: Partial<typeof schema.historyVessels.$inferInsert> = {}) => ({
      historyId: "",
      sequence,
      ...rest,
    });
    await history("Three legs stored out of order", [
      leg(3, {
        vesselName: "THIRD",
        voyage: "003E",
        loadingPortLocode: "XXZZZ",
        dischargingPortName: "Nowhere",
      }),
      leg(1, {
        vesselName: "FIRST",
        imo: "9811000",
        mmsi: "563000000",
        voyage: "001E",
        loadingPortLocode: "JPTYO",
        loadingPortName: "Tokyo",
        dischargingPortLocode: "USLAX",
        // Microseconds are dropped, as the driver drops them.
        departureTime: new Date("2026-02-01T01:02:03.456Z"),
        departureTimeStatus: "ACTUAL",
        arrivalTime: new Date("2026-03-04T05:06:07.000Z"),
        arrivalTimeStatus: "ESTIMATED",
      }),
      leg(2, { vesselName: "SECOND", departureTimeStatus: "UNKNOWN" }),
    ]);
    await history("A history without legs", []);
    await history("No history", null);
    await history("A bare leg", [leg(1)]);
    await database.db.execute(
      sql`update history_vessels set departure_time = departure_time + interval '789 microseconds' where vessel_name = 'FIRST'`,
    );
    const admin = graphqlClient(
      url,
      await signIn(database.db, new TestClock(new Date()), world.members.ADMIN.id),
    );
    return { world, admin };
  }

  it("reads the legs with the page: no statement more than the page alone, interpreted and compiled", async () => {
    const { world, admin } = await legsWorld();
    const page = (fields: string) =>
      `query ($t: ID) { shipments_v2(teamId: $t, tab: ALL) { items { title ${fields} } } } ${fields ? VESSEL : ""}`;
    const cost = async (query: string) => {
      statements.length = 0;
      const res = await admin(query, { t: world.team.id });
      expect(res.body.errors).toBeUndefined();
      return statements.length;
    };
    const plain = await cost(page(""));
    // The page with its total and the team's checks.
    expect(plain).toBe(1);
    // Three runs: graphql-jit compiles the document after its second.
    for (let run = 0; run < 3; run += 1) {
      expect(await cost(page("latestHistory { vessels { ...Leg } containers { containerNumber } }"))).toBe(
        plain,
      );
      // The same through a fragment and an alias.
      expect(
        await cost(
          "query ($t: ID) { shipments_v2(teamId: $t, tab: ALL) { ...Page } } fragment Page on ShipmentsPage { items { h: latestHistory { ... on ShipmentHistory { legs: vessels { id } } } } }",
        ),
      ).toBe(plain);
    }
    expect(statements.filter((q) => q.includes("history_vessels"))).toHaveLength(1);
  });

  it("reads only the leg fields the selection asks for, through fragments and aliases, and answers them alike", async () => {
    const { world, admin } = await legsWorld();
    // Asked: voyage, vesselName (named fragment), departureTime and loadingPort (inline fragment).
    const legs = /* GraphQL */ `
      vessels { voyage ...Name ... on Vessel { when: departureTime loadingPort { locode timeZone } } __typename }`;
    const query = /* GraphQL */ `
      query ($t: ID) {
        page: shipments_v2(teamId: $t, tab: ALL, orderBy: title, orderByType: ASC) {
          items { title latestHistory { ${legs} } }
        }
        failing: shipments(teamIdForSearch: $t) { title latestHistory { ${legs} } }
      }
      fragment Name on Vessel { vesselName }`;
    for (let run = 0; run < 3; run += 1) {
      statements.length = 0;
      const res = await admin(query, { t: world.team.id });
      expect(res.body.errors).toBeUndefined();
      const page = statements.find((q) => q.includes("json_build_array(v."));
      expect(page).toBeDefined();
      const start = (page ?? "").indexOf("json_build_array(v.") + "json_build_array(".length;
      const legColumns = page?.slice(start, page.indexOf(") order by v.sequence", start));
      expect(legColumns).toBe(
        "v.vessel_name, v.voyage, v.loading_port_locode, v.loading_port_name, (extract(epoch from v.departure_time) * 1000)::float8",
      );
      const { page: listed, failing } = res.body.data;
      type Item = { title: string; latestHistory: unknown };
      const batched = new Map((failing as Item[]).map((i) => [i.title, i.latestHistory]));
      // The same answer, key for key, as the legs looked up in a batch of their own.
      for (const item of listed.items as Item[])
        expect(JSON.stringify(item.latestHistory)).toBe(JSON.stringify(batched.get(item.title)));
      const three = (listed.items as Item[]).find((i) => i.title === "Three legs stored out of order");
      expect(three?.latestHistory).toEqual({
        vessels: [
          {
            voyage: "001E",
            vesselName: "FIRST",
            when: "2026-02-01T01:02:03.456Z",
            loadingPort: { locode: "JPTYO", timeZone: "Asia/Tokyo" },
            __typename: "Vessel",
          },
          {
            voyage: null,
            vesselName: "SECOND",
            when: null,
            loadingPort: null,
            __typename: "Vessel",
          },
          {
            voyage: "003E",
            vesselName: "THIRD",
            when: null,
            loadingPort: { locode: "XXZZZ", timeZone: null },
            __typename: "Vessel",
          },
        ],
      });
    }
  });

  it("counts the legs of a selection that asks for none of their fields", async () => {
    const { world, admin } = await legsWorld();
    const query = `query ($t: ID) { shipments_v2(teamId: $t, tab: ALL, orderBy: title, orderByType: ASC) { items { latestHistory { vessels { __typename } } } } }`;
    for (let run = 0; run < 3; run += 1) {
      const res = await admin(query, { t: world.team.id });
      expect(res.body.errors).toBeUndefined();
      expect(
        res.body.data.shipments_v2.items.map(
          (i: { latestHistory: { vessels: unknown[] } | null }) => i.latestHistory?.vessels.length ?? null,
        ),
      ).toEqual([1, 0, null, 3]);
    }
  });

  it("answers the same legs as the batched look-up and the history list: in order, with their nulls", async () => {
    const { world, admin } = await legsWorld();
    const query = /* GraphQL */ `
      query ($t: ID) {
        page: shipments_v2(teamId: $t, tab: ALL, orderBy: title, orderByType: ASC) {
          items { title latestHistory { id vessels { ...Leg } } }
        }
        failing: shipments(teamIdForSearch: $t) {
          title latestHistory { id vessels { ...Leg } } shipmentHistories { id vessels { ...Leg } }
        }
      }
      ${VESSEL}`;
    for (let run = 0; run < 3; run += 1) {
      const res = await admin(query, { t: world.team.id });
      expect(res.body.errors).toBeUndefined();
      const { page, failing } = res.body.data;
      expect(page.items.map((i: { title: string }) => i.title)).toEqual([
        "A bare leg",
        "A history without legs",
        "No history",
        "Three legs stored out of order",
      ]);
      type Item = { title: string; latestHistory: { id: string; vessels: unknown[] } | null };
      const byTitle = new Map<
        string,
        { failing: Item & { shipmentHistories: { id: string; vessels: unknown[] }[] } }
      >(
        failing.map((i: Item & { shipmentHistories: { id: string; vessels: unknown[] }[] }) => [
          i.title,
          { failing: i },
        ]),
      );
      for (const item of page.items as Item[]) {
        const other = byTitle.get(item.title)?.failing;
        // The same legs as the failing list's (read by the batched look-up, not with its page).
        expect(item.latestHistory).toEqual(other?.latestHistory);
        // ...and as the shipment's history list (the detail's reading).
        const latest = other?.shipmentHistories.find((h) => h.id === item.latestHistory?.id);
        expect(item.latestHistory?.vessels ?? null).toEqual(latest?.vessels ?? null);
      }
      const [bare, none, noHistory, three] = page.items as Item[];
      expect(three?.latestHistory?.vessels).toEqual([
        {
          id: expect.any(String),
          sequence: 1,
          vesselName: "FIRST",
          imo: "9811000",
          mmsi: "563000000",
          voyage: "001E",
          loadingPort: {
            locode: "JPTYO",
            name: "Tokyo",
            latitude: expect.any(Number),
            longitude: expect.any(Number),
            timeZone: "Asia/Tokyo",
          },
          dischargingPort: {
            locode: "USLAX",
            name: expect.any(String),
            latitude: expect.any(Number),
            longitude: expect.any(Number),
            timeZone: "America/Los_Angeles",
          },
          departureTime: "2026-02-01T01:02:03.456Z",
          departureTimeStatus: "ACTUAL",
          arrivalTime: "2026-03-04T05:06:07.000Z",
          arrivalTimeStatus: "ESTIMATED",
        },
        expect.objectContaining({
          sequence: 2,
          vesselName: "SECOND",
          departureTimeStatus: "UNKNOWN",
          loadingPort: null,
        }),
        expect.objectContaining({
          sequence: 3,
          vesselName: "THIRD",
          loadingPort: { locode: "XXZZZ", name: "XXZZZ", latitude: null, longitude: null, timeZone: null },
          dischargingPort: { locode: null, name: "Nowhere", latitude: null, longitude: null, timeZone: null },
        }),
      ]);
      expect(none?.latestHistory?.vessels).toEqual([]);
      expect(noHistory?.latestHistory).toBeNull();
      expect(bare?.latestHistory?.vessels).toEqual([
        {
          id: expect.any(String),
          sequence: 1,
          vesselName: null,
          imo: null,
          mmsi: null,
          voyage: null,
          loadingPort: null,
          dischargingPort: null,
          departureTime: null,
          departureTimeStatus: null,
          arrivalTime: null,
          arrivalTimeStatus: null,
        },
      ]);
    }
  });
});
