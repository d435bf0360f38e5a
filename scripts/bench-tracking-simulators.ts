import { fork } from "node:child_process";
import path from "node:path";
import { listenCarrierSimulator, prepareNumbers, type TrackedNumber } from "./bench-simulator-server";

// The two ways npm run bench:tracking runs the carrier simulator: in the worker's process (its CPU
// counted with the worker's, as the bench always ran it), or in a process of its own
// (bench-tracking-simulator.ts), so the pipeline's own cost shows apart.

export interface Simulator {
  url: string;
  /** The simulator's own process, when it has one. */
  pid: number | null;
  /** Peak resident memory of the process serving it, in bytes. */
  peakRss(): Promise<number>;
  /** Works out the numbers' stories before the run (bench-simulator-server.ts prepareNumbers). */
  prepare(numbers: TrackedNumber[]): Promise<void>;
  stop(): Promise<unknown>;
}

/** The simulator in this process, as the bench always ran it (its CPU shares the worker's). */
export async function simulatorHere(): Promise<Simulator> {
  const sim = await listenCarrierSimulator();
  return {
    url: `http://127.0.0.1:${sim.port}`,
    pid: null,
    peakRss: async () => process.resourceUsage().maxRSS * 1024,
    prepare: async (numbers) => prepareNumbers(numbers),
    stop: () => sim.close(),
  };
}

/** The simulator in a process of its own (scripts/bench-tracking-simulator.ts). */
export async function simulatorApart(): Promise<Simulator> {
  const child = fork(path.resolve("scripts/bench-tracking-simulator.ts"), [], {
    execArgv: [
      "--import",
      "tsx",
      // BENCH_SIM_PROF=<dir>: a CPU profile of the simulator's process, written there when it ends.
      ...(process.env.BENCH_SIM_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SIM_PROF}`] : []),
    ],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = () =>
    new Promise<Record<string, number>>((resolve, reject) => {
      child.once("message", (m) => resolve(m as Record<string, number>));
      child.once("exit", (code) => reject(new Error(`the simulator process ended (${code})`)));
    });
  const { port } = await next();
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? null,
    prepare: async (numbers) => {
      const answer = next();
      child.send({ prepare: numbers });
      await answer;
    },
    peakRss: async () => {
      const answer = next();
      child.send("rss");
      return (await answer).peakRss ?? 0;
    },
    stop: async () => {
      const ended = new Promise((resolve) => child.once("exit", resolve));
      child.send("stop");
      await ended;
    },
  };
}
