import { drizzle } from "drizzle-orm/postgres-js";
import type { FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import postgres from "postgres";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { silentLog } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { TestClock } from "../../core/clock";
import { createServiceContext } from "../../core/context";
import type { Database } from "../../db/client";
import * as schema from "../../db/schema";
import { startBoss } from "../../jobs/boss";
import { createJobQueue } from "../../jobs/queue";
import { getViewer } from "../account/viewer.service";
import { createSession } from "./session.internal";

// The per-request snapshot (server/core/request-cache.ts): an authenticated read validates its session and answers the viewer in two
// statements, and authorization reuses what the session's statement read. Counted with a query
// logger on the app's own database handle (pg-boss has its own pool and is not counted).

const NOW = new Date("2026-01-15T00:00:00Z");

let database: TestDatabase;
let client: postgres.Sql;
let counted: Database;
let boss: PgBoss;
let app: FastifyInstance;
const statements: string[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  client = postgres(database.url, { max: 5, onnotice: () => {} });
  counted = drizzle(client, {
    schema,
    casing: "snake_case",
    logger: { logQuery: (query) => statements.push(query) },
  });
  boss = await startBoss(database.url, silentLog, { worker: false, max: 2 });
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: database.url });
  app = await buildApp({ config, db: counted, boss, clock: new TestClock(NOW) });
  // Start-up work (the live hub reads where its event ids stand) is not the request's cost.
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await boss?.stop({ graceful: false, close: true });
  await client?.end();
  await database?.close();
});
beforeEach(() => {
  statements.length = 0;
});

async function signedIn(role: "ADMIN" | "OPERATOR" = "ADMIN") {
  const f = factories(database.db, NOW);
  const made = await f.companyWith(role);
  const { token } = await createSession(database.db, new TestClock(NOW), made.user.id);
  return { ...made, cookie: `session=${token}` };
}

async function read(url: string, cookie: string) {
  statements.length = 0;
  const res = await app.inject({ method: "GET", url, headers: { cookie } });
  return { status: res.statusCode, body: res.json(), statements: [...statements] };
}

describe("the cost of an authenticated read", () => {
  it("answers account.viewer in two statements: the session with its user, company and contracts, then the teams", async () => {
    const { user, company, team, cookie } = await signedIn();
    const res = await read("/trpc/account.viewer", cookie);
    expect(res.status).toBe(200);
    const viewer = res.body.result.data;
    expect(viewer.account).toMatchObject({ id: user.id, email: user.email, isEmailVerified: true });
    expect(viewer.role).toBe("ADMIN");
    expect(viewer.company).toMatchObject({
      id: company.id,
      plan: "FREE",
      isApproved: true,
      canAccessConsole: true,
      trialDaysLeft: 30,
    });
    expect(viewer.teams).toEqual([{ id: team.id, name: team.name }]);
    expect(res.statements).toHaveLength(2);
  });

  it("gives the same viewer as reading every row afresh", async () => {
    const { user, cookie } = await signedIn("OPERATOR");
    const res = await read("/trpc/account.viewer", cookie);
    expect(res.status).toBe(200);
    // Outside a request there is no snapshot: the service reads the user, session, company and
    // contracts itself.
    const sessionId = cookie.slice("session=".length).split(".")[0] ?? "";
    const ctx = createServiceContext(
      { db: database.db, jobs: createJobQueue(boss), clock: new TestClock(NOW), log: silentLog },
      {
        kind: "user",
        userId: user.id,
        sessionId,
        email: user.email,
        companyId: user.companyId,
        role: "OPERATOR",
        emailVerified: true,
        mfaSatisfied: true,
      },
    );
    expect(res.body.result.data).toEqual(await getViewer(ctx));
  });

  it("authorizes a team-scoped read without reading the company or its contracts again", async () => {
    const { team, cookie } = await signedIn();
    const res = await read(
      `/trpc/teams.get?input=${encodeURIComponent(JSON.stringify({ teamId: team.id }))}`,
      cookie,
    );
    expect(res.status).toBe(200);
    expect(res.body.result.data.id).toBe(team.id);
    // Only the session's statement reads contracts; the rest are the procedure's own reads.
    expect(res.statements.filter((q) => q.includes('"contracts"'))).toHaveLength(1);
    expect(res.statements.filter((q) => /^select .* from "companies"/i.test(q))).toHaveLength(0);
    expect(res.statements.length).toBeLessThanOrEqual(3);
  });

  it("answers teams.get with its members and guests in two statements: the session, then the team page", async () => {
    for (const role of ["ADMIN", "OPERATOR"] as const) {
      const { user, team, company, cookie } = await signedIn(role);
      const f = factories(database.db, NOW);
      const other = await f.user({ companyId: company.id, role: "OPERATOR" });
      await f.teamMember(team, other);
      const res = await read(
        `/trpc/teams.get?input=${encodeURIComponent(JSON.stringify({ teamId: team.id }))}`,
        cookie,
      );
      expect(res.status).toBe(200);
      const page = res.body.result.data;
      expect(page.id).toBe(team.id);
      expect(page.users.map((m: { id: string }) => m.id).sort()).toEqual([user.id, other.id].sort());
      expect(page.users[0].joinedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(res.statements).toHaveLength(2);
    }
  });

  it("keeps a team from an Operator outside it in the same two statements", async () => {
    const { company, cookie } = await signedIn("OPERATOR");
    const other = await factories(database.db, NOW).team(company.id);
    const res = await read(
      `/trpc/teams.get?input=${encodeURIComponent(JSON.stringify({ teamId: other.id }))}`,
      cookie,
    );
    expect(res.status).toBe(404);
    expect(res.statements).toHaveLength(2);
  });

  it("answers a shipments.list page in two statements: the session, then the page with its total and team checks", async () => {
    for (const role of ["ADMIN", "OPERATOR"] as const) {
      const { team, user, cookie } = await signedIn(role);
      const f = factories(database.db, NOW);
      for (let i = 0; i < 3; i += 1) await f.shipment(team, { ownerUserId: user.id, title: `Cost ${i}` });
      const input = encodeURIComponent(JSON.stringify({ teamId: team.id, tab: "ALL", perPage: 2 }));
      const res = await read(`/trpc/shipments.list?input=${input}`, cookie);
      expect(res.status).toBe(200);
      const { items, pagination } = res.body.result.data;
      expect(items).toHaveLength(2);
      expect(items[0].teamId).toBe(team.id);
      expect(pagination).toEqual({ total: 3, hasNextPage: true });
      expect(res.statements).toHaveLength(2);
    }
  });

  it("keeps another team's list from an Operator outside it, in the same two statements", async () => {
    const { company, cookie } = await signedIn("OPERATOR");
    const f = factories(database.db, NOW);
    const other = await f.team(company.id);
    await f.shipment(other);
    const input = encodeURIComponent(JSON.stringify({ teamId: other.id, tab: "ALL" }));
    const res = await read(`/trpc/shipments.list?input=${input}`, cookie);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(other.id);
    expect(res.statements).toHaveLength(2);
  });

  it("refuses a read when the trial has ended, from the session's one read of the contracts", async () => {
    const f = factories(database.db, NOW);
    const company = await f.company();
    await f.contract(company.id, {
      startsAt: new Date(NOW.getTime() - 40 * 86_400_000),
      endsAt: new Date(NOW.getTime() - 10 * 86_400_000),
    });
    const team = await f.team(company.id);
    const user = await f.user({ companyId: company.id, role: "ADMIN" });
    await f.teamMember(team, user);
    const { token } = await createSession(database.db, new TestClock(NOW), user.id);
    const viewer = await read("/trpc/account.viewer", `session=${token}`);
    expect(viewer.body.result.data.company).toMatchObject({ canAccessConsole: false, trialDaysLeft: null });
    expect(viewer.statements.filter((q) => q.includes('"contracts"'))).toHaveLength(1);
    // The next read is answered from the cached session (core/session-cache): no contracts read again.
    const refused = await read(
      `/trpc/teams.get?input=${encodeURIComponent(JSON.stringify({ teamId: team.id }))}`,
      `session=${token}`,
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.statements.filter((q) => q.includes('"contracts"'))).toHaveLength(0);
  });
});

describe("the cost of a repeated authenticated read (the session cached, core/session-cache)", () => {
  it("answers account.viewer again in no statement, the same as the first time", async () => {
    const { cookie } = await signedIn();
    const first = await read("/trpc/account.viewer", cookie);
    expect(first.statements).toHaveLength(2);
    const again = await read("/trpc/account.viewer", cookie);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.statements).toHaveLength(0);
  });

  it("answers teams.get again with only the team page's statement", async () => {
    const { team, cookie } = await signedIn("OPERATOR");
    const url = `/trpc/teams.get?input=${encodeURIComponent(JSON.stringify({ teamId: team.id }))}`;
    await read(url, cookie);
    const again = await read(url, cookie);
    expect(again.status).toBe(200);
    expect(again.statements).toHaveLength(1);
  });

  it("validates a write against the database every time", async () => {
    const { cookie } = await signedIn();
    await read("/trpc/account.viewer", cookie);
    statements.length = 0;
    const res = await app.inject({
      method: "POST",
      url: "/trpc/account.update",
      headers: { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
      payload: JSON.stringify({ nickname: "Renamed" }),
    });
    expect(res.statusCode).toBe(200);
    expect(statements.some((q) => q.includes('from "sessions"'))).toBe(true);
  });
});
