import type { FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { type Clock, TestClock } from "../../server/core/clock";
import { startBoss } from "../../server/jobs/boss";
import { jobDefinitions } from "../../server/jobs/registry";
import { ensureQueue } from "../../server/jobs/worker";
import { silentLog } from "./context";
import { freshDatabase, type TestDatabase } from "./db";
import { freePort } from "./postgres";

export interface TestApp {
  app: FastifyInstance;
  /** Base URL when listening (startTestApp); empty for inject-only apps. */
  url: string;
  database: TestDatabase;
  boss: PgBoss;
  clock: Clock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  listen?: boolean;
  /** Extra environment for the app's configuration, e.g. a mock provider's URLs. */
  env?: Record<string, string>;
}

/**
 * The real app on its own fresh database, for `app.inject` tests; with `listen`, on a free loopback
 * port whose URL is also its APP_URL (the CSRF check compares the browser's Origin with it).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const boss = await startBoss(database.url, silentLog, { worker: false, max: 2 });
  for (const def of jobDefinitions) await ensureQueue(boss, def);
  // A browser judges cookie expiry by its own clock, so a listening app starts at the real time.
  const clock = options.clock ?? new TestClock(options.listen ? new Date() : undefined);
  const port = options.listen ? await freePort() : 0;
  const url = options.listen ? `http://127.0.0.1:${port}` : "";
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: database.url,
    PORT: String(port),
    ...(url ? { APP_URL: url } : {}),
    ...(process.env.CLIENT_DIST_DIR ? { CLIENT_DIST_DIR: process.env.CLIENT_DIST_DIR } : {}),
    ...options.env,
  });
  const app = await buildApp({ config, db: database.db, boss, clock });
  if (options.listen) await app.listen({ port, host: "127.0.0.1" });
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
