import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../../server/config";
import { TestClock } from "../../server/core/clock";
import { startBoss } from "../../server/jobs/boss";
import { createJobQueue } from "../../server/jobs/queue";
import { jobDefinitions } from "../../server/jobs/registry";
import { createJobRuntime } from "../../server/jobs/runtime";
import { startWorkers } from "../../server/jobs/worker";
import { startTestApp, type TestApp } from "../setup/app";
import { launchBrowser, type TestBrowser } from "../setup/browser";
import { silentLog } from "../setup/context";

/**
 * The listening app plus a worker on its own pg-boss connection, as `server/main.ts worker` runs it,
 * so a shipment's first refresh is fetched from the simulator the app serves while a page polls.
 * The simulator's transient faults are off: these tests watch the first refresh, not the retry
 * policy. `close()` stops the worker before the app and its database.
 */
export async function startAppWithWorker(): Promise<TestApp> {
  const env = { CARRIER_SIMULATOR_FAULT_RATE: "0" };
  const app = await startTestApp({ clock: new TestClock(new Date()), env });
  const worker = await startBoss(app.database.url, silentLog, { worker: true, max: 4 });
  try {
    const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: app.database.url, APP_URL: app.url, ...env });
    const deps = { db: app.database.db, jobs: createJobQueue(worker), clock: app.clock, log: silentLog };
    await startWorkers(worker, deps, jobDefinitions, createJobRuntime(config, silentLog, env));
  } catch (err) {
    await worker.stop({ graceful: false, close: true });
    await app.close();
    throw err;
  }
  return {
    ...app,
    async close() {
      await worker.stop({ graceful: false, close: true });
      await app.close();
    },
  };
}

/**
 * For a browser test file: the app with its worker (startAppWithWorker) and a fresh Chromium before
 * its tests, both closed after. Read `app` and `browser` inside tests.
 */
export function setupConsoleWithWorker() {
  let app: TestApp | undefined;
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    app = await startAppWithWorker();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  return {
    get app(): TestApp {
      if (!app) throw new Error("setupConsoleWithWorker: read it inside a test");
      return app;
    },
    get browser(): TestBrowser {
      if (!browser) throw new Error("setupConsoleWithWorker: read it inside a test");
      return browser;
    },
  };
}
