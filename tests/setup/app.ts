import type { FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { type Clock, TestClock } from "../../server/core/clock";
import { startBoss } from "../../server/jobs/boss";
import { jobDefinitions } from "../../server/jobs/registry";
import { ensureQueue } from "../../server/jobs/worker";
import { freshDatabase, type TestDatabase } from "./db";

export interface TestApp {
  app: FastifyInstance;
  /** Base URL when listening (startTestApp); empty for inject-only apps. */
  url: string;
  database: TestDatabase;
  boss: PgBoss;
  clock: Clock;
  close(): Promise<void>;
}

const silentLog = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;

export interface TestAppOptions {
  clock?: Clock;
  listen?: boolean;
  /** Extra environment for the app's configuration, e.g. a mock provider's URLs. */
  env?: Record<string, string>;
}

/** The real app on its own fresh database, for `app.inject` tests. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const boss = await startBoss(database.url, silentLog, { worker: false, max: 2 });
  for (const def of jobDefinitions) await ensureQueue(boss, def);
  const clock = options.clock ?? new TestClock();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: database.url,
    PORT: "0",
    ...options.env,
  });
  const app = await buildApp({ config, db: database.db, boss, clock });
  let url = "";
  if (options.listen) {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (typeof address === "object" && address) url = `http://127.0.0.1:${address.port}`;
  }
  return {
    app,
    url,
    database,
    boss,
    clock,
    async close() {
      await app.close();
      await boss.stop({ graceful: false, close: true });
      await database.close();
    },
  };
}

/** The real app with the built console, listening on a free loopback port, for browser tests. */
export function startTestApp(options: Omit<TestAppOptions, "listen"> = {}): Promise<TestApp> {
  return createTestApp({ ...options, listen: true });
}
