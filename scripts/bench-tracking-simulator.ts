import { listenCarrierSimulator } from "./bench-simulator-server";

// The carrier simulator of npm run bench:tracking in a process of its own (as the web process
// serves it in development), so the refresh rate is measured without the simulator's CPU in the
// worker's process. Started by the bench with an IPC channel: it sends { port } once listening,
// answers "rss" with its peak resident memory, and ends on "stop" or when the bench goes away.

async function main() {
  const sim = await listenCarrierSimulator();
  process.on("message", async (message) => {
    if (message === "rss") process.send?.({ peakRss: process.resourceUsage().maxRSS * 1024 });
    if (message === "stop") {
      await sim.close();
      process.exit(0);
    }
  });
  process.on("disconnect", () => process.exit(0));
  process.send?.({ port: sim.port });
}

main().catch((err) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
