import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

// The web server as production runs it (server/main.ts, its own process) for the request
// benchmarks (bench-api.ts, bench-graphql.ts), so the load generator does not share its event loop.

/** server/main.ts in the given role; --cpu-prof DIR makes it write a V8 CPU profile there when it stops. */
export function startServerProcess(
  role: "web" | "worker",
  databaseUrl: string,
  port: number,
  cpuProfileDir = "",
): ChildProcess {
  const profile = cpuProfileDir ? ["--cpu-prof", "--cpu-prof-dir", cpuProfileDir] : [];
  return spawn(process.execPath, [...profile, "--import", "tsx", path.resolve("server/main.ts"), role], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** The web role, once /healthz answers (within 30 s). */
export async function startWebServer(
  databaseUrl: string,
  port: number,
  cpuProfileDir = "",
): Promise<ChildProcess> {
  const child = startServerProcess("web", databaseUrl, port, cpuProfileDir);
  const url = `http://127.0.0.1:${port}/healthz`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the web server exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGTERM");
  throw new Error("the web server did not answer /healthz within 30 s");
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
