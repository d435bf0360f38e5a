import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../tests/setup/postgres";
import { startEmbeddedPostgres } from "./embedded";

// A run killed with SIGKILL leaves its Postgres behind; the next start must come up anyway.

let dataDir: string;
let port: number;
const quiet = { info: () => {}, warn: () => {} };

/** Starts the embedded Postgres in a separate node process, as `npm start` would. */
function startInChild(): Promise<ChildProcess> {
  const script = `
    const { startEmbeddedPostgres } = await import(${JSON.stringify(path.resolve("server/db/embedded.ts"))});
    await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, database: "app", log: { info() {}, warn() {} } });
    console.log("READY");
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => d.toString().includes("READY") && resolve(child));
    child.once("exit", (code) => reject(new Error(`child exited with ${code}`)));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function selectOne(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return (await sql`select 1 as one`)[0]?.one;
  } finally {
    await sql.end();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "tracking-embedded-"));
  port = await freePort();
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("embedded Postgres after a killed run", () => {
  it("stops the orphaned server, starts again and keeps the data", async () => {
    const child = await startInChild();
    const pidFile = path.join(dataDir, "pg", "postmaster.pid");
    const orphan = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
    const password = readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
    const before = postgres(`postgres://postgres:${password}@127.0.0.1:${port}/app`, {
      max: 1,
      onnotice: () => {},
    });
    await before`create table kept (note text)`;
    await before`insert into kept values ('written before the kill')`;
    await before.end();
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    expect(alive(orphan)).toBe(true);

    const pg = await startEmbeddedPostgres({ dataDir, port, database: "app", log: quiet });
    try {
      expect(alive(orphan)).toBe(false);
      const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
      expect(await sql`select note from kept`).toEqual([{ note: "written before the kill" }]);
      await sql.end();
    } finally {
      await pg.stop();
    }
    expect(existsSync(pidFile)).toBe(false);
  });

  it("removes a stale postmaster.pid whose process is gone", async () => {
    await writeFile(path.join(dataDir, "pg", "postmaster.pid"), `999999\n${dataDir}/pg\n`);
    const pg = await startEmbeddedPostgres({ dataDir, port, database: "app", log: quiet });
    try {
      expect(await selectOne(pg.url)).toBe(1);
    } finally {
      await pg.stop();
    }
  });

  it("refuses to take over from a live instance", async () => {
    const child = await startInChild();
    try {
      await expect(startEmbeddedPostgres({ dataDir, port, database: "app", log: quiet })).rejects.toThrow(
        /Another instance/,
      );
    } finally {
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
      // Leave no orphan behind for the next test run.
      const pg = await startEmbeddedPostgres({ dataDir, port, database: "app", log: quiet });
      await pg.stop();
    }
  });
});
