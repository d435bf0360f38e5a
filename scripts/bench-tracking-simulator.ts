import Fastify from "fastify";
import { systemClock } from "../server/core/clock";
import { carrierSimulatorRoutes } from "../server/modules/carriers/simulator/simulator.routes";

// The carrier simulator of npm run bench:tracking in a process of its own (as the web process
// serves it in development), so the refresh rate is measured without the simulator's CPU in the
// worker's process. Started by the bench with an IPC channel: it sends { port } once listening,
// answers "rss" with its peak resident memory, and ends on "stop" or when the bench goes away.

async function main() {
  const sim = Fastify({ logger: false });
  await sim.register(carrierSimulatorRoutes, {
    prefix: "/sim/dcsa",
    clock: systemClock,
    transientFailureRate: 0,
  });
  await sim.listen({ port: 0, host: "127.0.0.1" });
  const address = sim.server.address();
  process.on("message", async (message) => {
    if (message === "rss") process.send?.({ peakRss: process.resourceUsage().maxRSS * 1024 });
    if (message === "stop") {
      await sim.close();
      process.exit(0);
    }
  });
  process.on("disconnect", () => process.exit(0));
  process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
}

main().catch((err) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
