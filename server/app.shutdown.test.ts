import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLog } from "../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../tests/setup/db";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { TestClock } from "./core/clock";
import { startBoss } from "./jobs/boss";

// SIGTERM's drain (server/main.ts closes the app): a request in flight completes and tells its
// keep-alive client to go (`Connection: close`), an idle kept-alive socket is closed cleanly at
// once rather than reset when the process exits, and nothing is answered by a reset.

let database: TestDatabase;
let boss: PgBoss;
let app: FastifyInstance;
let port: number;
let releaseSlow: () => void = () => {};

beforeAll(async () => {
  database = await freshDatabase();
  boss = await startBoss(database.url, silentLog, { worker: false, max: 2 });
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PORT: "0" });
  app = await buildApp({ config, db: database.db, boss, clock: new TestClock() });
  const slowGate = new Promise<void>((resolve) => {
    releaseSlow = resolve;
  });
  app.get("/test-only/slow", async () => {
    await slowGate;
    return { done: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await boss?.stop({ graceful: false, close: true });
  await database?.close();
});

function get(agent: http.Agent, path: string) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => {
        body += d.toString();
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on("error", reject);
  });
}

describe("the drain SIGTERM starts before closing (app.beginDrain)", () => {
  it("refuses new connections, answers kept-alive ones with Connection: close and /readyz 503", async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PORT: "0" });
    const draining = await buildApp({ config, db: database.db, boss, clock: new TestClock() });
    await draining.listen({ port: 0, host: "127.0.0.1" });
    const drainPort = (draining.server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const ask = (path: string, via: http.Agent) =>
      new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        const req = http.get({ host: "127.0.0.1", port: drainPort, path, agent: via }, (res) => {
          let body = "";
          res.on("data", (d: Buffer) => {
            body += d.toString();
          });
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
          );
        });
        req.on("error", reject);
      });
    try {
      expect((await ask("/healthz", agent)).connection).toBe("keep-alive");
      draining.beginDrain();
      const ready = await ask("/readyz", agent);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ status: "not ready", reason: "shutting down" });
      expect(ready.connection).toBe("close");
      const fresh = new http.Agent({ keepAlive: false });
      await expect(ask("/healthz", fresh)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    } finally {
      agent.destroy();
      await draining.close();
    }
  });
});

describe("closing under keep-alive load", () => {
  it("completes in-flight requests with Connection: close and closes idle sockets without a reset", async () => {
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const busyAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await get(idleAgent, "/healthz");
    expect(first.connection).toBe("keep-alive");
    const idleSocket = Object.values(idleAgent.freeSockets).flat()[0];
    expect(idleSocket).toBeDefined();
    const idleEvents: string[] = [];
    idleSocket?.on("error", (e: NodeJS.ErrnoException) => idleEvents.push(`error:${e.code}`));
    idleSocket?.on("close", () => idleEvents.push("close"));

    const inFlight = get(busyAgent, "/test-only/slow");
    await new Promise((r) => setTimeout(r, 100));
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 100));
    // The idle socket went at once, by a clean close.
    expect(idleEvents).toEqual(["close"]);

    releaseSlow();
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toEqual({ done: true });
    expect(answered.connection).toBe("close");
    await closing;
    idleAgent.destroy();
    busyAgent.destroy();
  });
});
