import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../shared/i18n/en";
import { ja } from "../shared/i18n/ja";
import { silentLog } from "../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../tests/setup/db";
import { freePort } from "../tests/setup/postgres";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { TestClock } from "./core/clock";
import { createDb, type DbHandle } from "./db/client";
import { startBoss } from "./jobs/boss";
import { startHeartbeat } from "./jobs/heartbeat";

// What the web side answers when the background side or Postgres is gone: /readyz says so (with
// the reason) and every surface answers 503 with the catalogue's message instead of a 500 or a hang.

let database: TestDatabase;
let boss: PgBoss;
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PORT: "0" });

beforeAll(async () => {
  database = await freshDatabase();
  boss = await startBoss(database.url, silentLog, { worker: false, max: 2 });
});
afterAll(async () => {
  await boss?.stop({ graceful: false, close: true });
  await database?.close();
});

describe("/readyz in a deployment that expects workers", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config, db: database.db, boss, clock: new TestClock(), requireWorker: true });
  });
  afterAll(() => app.close());

  it("is not ready while no worker has ever been seen", async () => {
    const res = await app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: "not ready",
      checks: { database: true, jobs: true, workers: false },
      reason: "no worker has been seen",
    });
  });

  it("is ready while a worker beats, and not once its last beat is over a minute old", async () => {
    const beat = await startHeartbeat(database.db, { role: "worker", log: silentLog, intervalMs: 3_600_000 });
    try {
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: "ready",
        checks: { database: true, jobs: true, workers: true },
      });

      await database.db.execute(
        sql`update worker_heartbeats set last_seen_at = now() - interval '90 seconds'`,
      );
      const stale = await app.inject({ method: "GET", url: "/readyz" });
      expect(stale.statusCode).toBe(503);
      expect(stale.json().checks.workers).toBe(false);
      expect(stale.json().reason).toMatch(/^no worker seen for 9\d s/);
    } finally {
      await beat.stop();
    }
    const rows = await database.db.execute(sql`select count(*)::int as n from worker_heartbeats`);
    expect(rows[0]?.n).toBe(0);
  });
});

describe("with Postgres out of reach", () => {
  let app: FastifyInstance;
  let dead: DbHandle;
  beforeAll(async () => {
    // Nothing listens on this port: every connection attempt is refused, as when Postgres is stopped.
    const url = new URL(database.url);
    url.port = String(await freePort());
    dead = createDb(url.toString(), { max: 2 });
    app = await buildApp({ config, db: dead.db, boss, clock: new TestClock(), requireWorker: true });
  });
  afterAll(async () => {
    await app.close();
    await dead.sql.end({ timeout: 0 });
  });

  it("answers /readyz 503 naming the database", async () => {
    const res = await app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: "not ready",
      checks: { database: false },
      reason: "the database is unreachable",
    });
  });

  it("answers REST with 503 SERVER_ISSUE in the request's language", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/auth/signin",
      headers: { "x-lang": "ja" },
      payload: { email: "someone@example.com", password: "Correct-Horse-42" },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: true, code: "SERVER_ISSUE", message: ja.errors.SERVER_ISSUE });
  });

  it("answers tRPC with 503 SERVER_ISSUE", async () => {
    const signedIn = await app.inject({
      method: "GET",
      url: "/trpc/account.viewer",
      headers: { cookie: "session=abcdefabcdef.abcdefabcdef" },
    });
    const body = signedIn.json();
    expect(signedIn.statusCode).toBe(503);
    expect(JSON.stringify(body)).toContain(en.errors.SERVER_ISSUE);
  });

  it("answers GraphQL with 503 SERVER_ISSUE", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/graphql",
      headers: {
        authorization: "Bearer trk_0000000000000000000000000000",
        "content-type": "application/json",
      },
      payload: { query: "{ viewer { id } }" },
    });
    expect(res.statusCode).toBe(503);
    expect(JSON.stringify(res.json())).toContain(en.errors.SERVER_ISSUE);
  });
});
