import { listenCarrierSimulator, prepareNumbers, type TrackedNumber } from "./bench-simulator-server";

// The carrier simulator of npm run bench:tracking in a process of its own (as the web process
// serves it in development), so the refresh rate is measured without the simulator's CPU in the
// worker's process. Started by the bench with an IPC channel: it sends { port } once listening,
// answers "rss" with its peak resident memory, { prepare: numbers } with { prepared } once their
// stories are worked out, and ends on "stop" or when the bench goes away.

async function main() {
  const sim = await listenCarrierSimulator();
  process.on("message", async (message) => {
    if (message === "rss") process.send?.({ peakRss: process.resourceUsage().maxRSS * 1024 });
    if (message === "stop") {
      await sim.close();
      process.exit(0);
    }
    if (typeof message === "object" && message && "prepare" in message) {
      const numbers = (message as { prepare: TrackedNumber[] }).prepare;
      prepareNumbers(numbers);
      process.send?.({ prepared: numbers.length });
    }
  });
  process.on("disconnect", () => process.exit(0));
  process.send?.({ port: sim.port });
}

main().catch((err) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
