import { eq } from "drizzle-orm";
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
    logger: { logQuery: (query) => statements.push(query) },
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
    // The session with its company and contracts (1), the page with its total and the team's
    // checks (1), then one each for the latest histories' own fields (status), their legs, their
    // containers, the owners' e-mails and the teams' settings (5). The route and times of the latest
    // history and the owner's and team's names come with the page.
    expect(first).toBe(7);
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

    const teams = await cost("{ viewer { company { teams { name } } } }");
    const counted = await cost("{ viewer { company { teams { name shipmentCount } } } }");
    expect(counted.data.viewer.company.teams).toHaveLength(32);
    const tokyo = counted.data.viewer.company.teams.find((t: { name: string }) => t.name === "Tokyo desk");
    expect(tokyo.shipmentCount).toBe(100);
    // One statement for the 32 teams' counts.
    expect(counted.n - teams.n).toBe(1);
  });
});
