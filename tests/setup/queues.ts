import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll } from "vitest";
import { startBoss } from "../../server/jobs/boss";
import type { JobDefinition } from "../../server/jobs/define";
import { createJobQueue, type JobQueue } from "../../server/jobs/queue";
import { ensureQueue } from "../../server/jobs/worker";
import { silentLog } from "./context";
import { freshDatabase, type TestDatabase } from "./db";

/**
 * For a test file whose services enqueue jobs: a fresh database and a pg-boss on it (no workers)
 * with the queues of `definitions` created, so tests can read what was enqueued from pgboss.job or
 * take it with `boss.fetch`. Read `db`, `boss` and `jobs()` inside tests (they exist once beforeAll
 * has run). pg-boss stops before the database is dropped.
 */
export function setupDatabaseWithQueues(definitions: readonly JobDefinition[]) {
  let database: TestDatabase | undefined;
  let started: PgBoss | undefined;
  beforeAll(async () => {
    database = await freshDatabase();
    started = await startBoss(database.url, silentLog, { worker: false, max: 4 });
    for (const def of definitions) await ensureQueue(started, def);
  });
  afterAll(async () => {
    await started?.stop({ graceful: false, close: true });
    await database?.close();
  });
  return {
    get db(): TestDatabase["db"] {
      if (!database) throw new Error("setupDatabaseWithQueues: read it inside a test");
      return database.db;
    },
    get boss(): PgBoss {
      if (!started) throw new Error("setupDatabaseWithQueues: read it inside a test");
      return started;
    },
    /** The job queue services enqueue on, backed by this file's pg-boss. */
    jobs(): JobQueue {
      return createJobQueue(this.boss);
    },
  };
}
