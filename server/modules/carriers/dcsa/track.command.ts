import { parseArgs } from "node:util";
import Fastify from "fastify";
import {
  SHIPPING_LINE_CODES,
  type ShippingLine,
  TRACKING_TYPES,
  type TrackingType,
} from "../../../../shared/enums";
import { envSnapshot, loadConfig } from "../../../config";
import { type Clock, systemClock } from "../../../core/clock";
import { carrierEndpoint, SIMULATOR_PATH } from "../carrier-config";
import type { TrackingResult } from "../carriers.types";
import { injectFetch } from "../simulator/inject-fetch";
import { carrierSimulatorRoutes } from "../simulator/simulator.routes";
import { inUtc } from "../snapshot";
import { fetchDcsaTracking } from "./dcsa.adapter";

// `npm run admin -- track <LINE> <TYPE> <NUMBER>`: one fetch through the configured adapter, the
// normalized result printed as JSON on stdout; where the answer came from goes to stderr.

export const TRACK_USAGE = `track <LINE> <BOOKING_NUMBER|BILL_OF_LADING_NUMBER|CONTAINER_NUMBER> <NUMBER>
        [--raw] [--in-process] [--at <ISO time>]
    Fetches through CARRIER_<LINE>_URL, else the simulator at APP_URL, else (no server running,
    --in-process or --at) an in-process simulator at the given time.`;

const stderr = (line: string) => {
  process.stderr.write(`${line}\n`);
};

async function serverAnswers(appUrl: string): Promise<boolean> {
  try {
    await fetch(new URL("/healthz", appUrl), { signal: AbortSignal.timeout(1500) });
    return true;
  } catch {
    return false;
  }
}

async function inProcessSimulator<T>(clock: Clock, run: (f: typeof fetch) => Promise<T>): Promise<T> {
  const app = Fastify({ logger: false });
  // A single look should never be one of the simulator's transient 503s.
  await app.register(carrierSimulatorRoutes, { prefix: SIMULATOR_PATH, clock, transientFailureRate: 0 });
  await app.ready();
  try {
    return await run(injectFetch(app));
  } finally {
    await app.close();
  }
}

export async function runTrackCommand(
  args: string[],
  out: (line: string) => void,
  err: (line: string) => void = stderr,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      raw: { type: "boolean", default: false },
      "in-process": { type: "boolean", default: false },
      at: { type: "string" },
    },
  });
  // The admin CLI may pass its argv with or without the command's own name.
  const [lineArg, typeArg, number] = positionals[0] === "track" ? positionals.slice(1) : positionals;
  const line = lineArg?.toUpperCase() as ShippingLine | undefined;
  const type = typeArg?.toUpperCase() as TrackingType | undefined;
  const at = values.at === undefined ? null : new Date(values.at);
  if (
    !line ||
    !SHIPPING_LINE_CODES.includes(line) ||
    !type ||
    !TRACKING_TYPES.includes(type) ||
    !number ||
    (at && Number.isNaN(at.getTime()))
  ) {
    err(`Usage: npm run admin -- ${TRACK_USAGE}`);
    return 2;
  }
  const env = envSnapshot();
  const { APP_URL } = loadConfig(env as NodeJS.ProcessEnv);
  const endpoint = carrierEndpoint(line, env, APP_URL);
  let result: TrackingResult;
  if (!endpoint.simulated) {
    err(`Fetching from ${endpoint.baseUrl} (CARRIER_${line}_URL)`);
    result = await fetchDcsaTracking(endpoint, type, number);
  } else if (!values["in-process"] && !at && (await serverAnswers(APP_URL))) {
    err(`Fetching from the simulator at ${endpoint.baseUrl} (no CARRIER_${line}_URL)`);
    result = await fetchDcsaTracking(endpoint, type, number);
  } else {
    const clock: Clock = at ? { now: () => new Date(at) } : systemClock;
    const why = values["in-process"] || at ? "as asked" : `no server answers at ${APP_URL}`;
    err(`Fetching from an in-process simulator at ${clock.now().toISOString()} (${why})`);
    result = await inProcessSimulator(clock, (f) => fetchDcsaTracking(endpoint, type, number, { fetch: f }));
  }
  // Times in UTC, as the engine compares them (the raw answer keeps the carrier's own writing).
  const printed = result.ok
    ? {
        ok: true,
        snapshot: inUtc(result.snapshot),
        ...(values.raw && result.raw ? { raw: JSON.parse(result.raw) } : {}),
      }
    : result;
  out(JSON.stringify(printed, null, 2));
  return result.ok ? 0 : 1;
}
