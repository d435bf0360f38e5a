import Fastify from "fastify";
import { systemClock } from "../server/core/clock";
import { scenarioAt } from "../server/modules/carriers/simulator";
import { carrierSimulatorRoutes } from "../server/modules/carriers/simulator/simulator.routes";
import type { ShippingLine, TrackingType } from "../shared/enums";

// The carrier simulator as npm run bench:tracking serves it, in its process or in one of its own
// (bench-tracking-simulator.ts). Kept apart from bench-support so the simulator's own process
// loads nothing else and its measured memory stays the simulator's.

export interface TrackedNumber {
  line: ShippingLine;
  type: TrackingType;
  number: string;
}

/** The carrier simulator without faults, listening on a free loopback port. */
export async function listenCarrierSimulator() {
  const sim = Fastify({ logger: false });
  await sim.register(carrierSimulatorRoutes, {
    prefix: "/sim/dcsa",
    clock: systemClock,
    transientFailureRate: 0,
  });
  await sim.listen({ port: 0, host: "127.0.0.1" });
  const address = sim.server.address();
  return { port: typeof address === "object" && address ? address.port : 0, close: () => sim.close() };
}

/**
 * Each number's story (its route and current booking cycle) worked out before the run, as a
 * carrier has its bookings on file: the figures measure answering requests, not the simulator
 * inventing voyages. The answers are the same either way (the simulator caches both).
 */
export function prepareNumbers(numbers: readonly TrackedNumber[]): void {
  const now = systemClock.now().getTime();
  for (const ref of numbers) scenarioAt(ref, now);
}
