import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "../../tests/setup/db";
import { isDatabaseUnavailable } from "./client";

// The postgres driver (3.4.9, the latest) threw from a timer when a connection closed while a
// transaction still had a query to write, killing the process (patches/postgres+3.4.9.patch,
// docs/decisions/0019-postgres-driver-patch.md). Run in a child process: an uncaught exception
// there is the failure being tested, and must not take the test runner down with it.

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

const SCRIPT = `
  import { sql } from "drizzle-orm";
  const { createDb } = await import(${JSON.stringify(path.resolve("server/db/client.ts"))});
  const url = process.env.DB_URL;
  const victim = createDb(url, { max: 3 });
  const killer = createDb(url, { max: 1 });
  const outcomes = [];
  for (const pause of [0, 100]) {
    let callbackDone;
    const finished = new Promise((r) => { callbackDone = r; });
    const outcome = await victim.db
      .transaction(async (tx) => {
        try {
          const [row] = await tx.execute(sql\`select pg_backend_pid() as pid\`);
          // The backend dies while the transaction waits on something else (an SMTP send, say).
          await killer.db.execute(sql\`select pg_terminate_backend(\${row.pid})\`);
          await new Promise((r) => setTimeout(r, pause));
          await tx.execute(sql\`select 1\`);
        } finally {
          callbackDone();
        }
      })
      .then(() => "committed", () => "rejected");
    // The transaction fails as soon as its connection closes; its callback still writes its next
    // query afterwards, onto the closed connection: the moment the unpatched driver crashed.
    await finished;
    await new Promise((r) => setTimeout(r, 50));
    outcomes.push(outcome);
  }
  const [after] = await victim.db.execute(sql\`select 42 as answer\`);
  console.log(JSON.stringify({ outcomes, answer: after.answer }));
  await victim.close();
  await killer.close();
`;

function runChild(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SCRIPT], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("a connection lost inside a transaction", () => {
  it("rejects the transaction and the process and pool carry on", async () => {
    const { code, stdout, stderr } = await runChild({ DB_URL: database.url });
    expect(stderr).not.toContain("reading 'write'");
    expect(code).toBe(0);
    expect(JSON.parse(stdout.trim())).toEqual({ outcomes: ["rejected", "rejected"], answer: 42 });
  });
});

describe("isDatabaseUnavailable", () => {
  it("recognises connection failures, through Drizzle's wrapping", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "57P01" }))).toBe(true);
    const wrapped = new Error("Failed query", {
      cause: Object.assign(new Error("x"), { code: "CONNECTION_CLOSED" }),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    const aggregate = Object.assign(new Error("x"), {
      errors: [Object.assign(new Error("y"), { code: "ECONNREFUSED" })],
    });
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
  });

  it("leaves query mistakes alone", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("plain"))).toBe(false);
  });
});
