import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A process must not die silently nor live on in an unknown state: the app's own fatal log line,
// then exit status 1 for the supervisor to restart it.

function runChild(fault: string): Promise<{ code: number | null; stdout: string }> {
  const script = `
    import pino from "pino";
    const { exitOnUnexpectedErrors } = await import(${JSON.stringify(path.resolve("server/core/fatal-exit.ts"))});
    exitOnUnexpectedErrors(pino());
    ${fault}
    setInterval(() => {}, 1000);`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.on("exit", (code) => resolve({ code, stdout }));
  });
}

describe("exitOnUnexpectedErrors", () => {
  it("logs an uncaught exception at fatal and exits 1", async () => {
    const { code, stdout } = await runChild(
      `setTimeout(() => { throw new TypeError("boom from a timer"); }, 10);`,
    );
    expect(code).toBe(1);
    const line = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
    expect(line.level).toBe(60);
    expect(line.msg).toMatch(/^uncaught exception/);
    expect(line.err.message).toBe("boom from a timer");
  });

  it("logs an unhandled rejection at fatal and exits 1", async () => {
    const { code, stdout } = await runChild(`Promise.reject(new Error("nobody waits for me"));`);
    expect(code).toBe(1);
    const line = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
    expect(line.level).toBe(60);
    expect(line.msg).toMatch(/^unhandled promise rejection/);
  });
});
