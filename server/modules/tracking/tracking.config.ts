import { SHIPPING_LINE_CODES, type ShippingLine } from "../../../shared/enums";
import type { Config } from "../../config";

// How the refresh queue runs, from the configuration: the global REFRESH_* settings, and per line
// the family CARRIER_<LINE>_CONCURRENCY / _BATCH_SIZE / _RATE_PER_MINUTE read from an environment
// record (envSnapshot() in the app) so a carrier with a tight API quota gets its own numbers.

export interface LineLimits {
  /** Jobs of this line a worker process runs at once (pg-boss localConcurrency). */
  concurrency: number;
  /** Jobs a worker takes from the queue per fetch (pg-boss batchSize): one claim, one transaction. */
  batchSize: number;
  /** Carrier requests per minute across every worker; 0 means unlimited. */
  ratePerMinute: number;
}

export interface TrackingSettings {
  refreshIntervalMs: number;
  refreshJitterMs: number;
  failureThreshold: number;
  lines: Readonly<Record<ShippingLine, LineLimits>>;
}

type Env = Readonly<Record<string, string | undefined>>;
type RefreshConfig = Pick<
  Config,
  | "REFRESH_INTERVAL"
  | "REFRESH_JITTER"
  | "REFRESH_FAILURE_THRESHOLD"
  | "REFRESH_CONCURRENCY"
  | "REFRESH_BATCH_SIZE"
  | "REFRESH_RATE_PER_MINUTE"
>;

function positiveInt(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(
      `Invalid configuration:\n  ${name}: expected an integer >= ${min} (got ${JSON.stringify(raw)})`,
    );
  }
  return value;
}

export function trackingSettings(config: RefreshConfig, env: Env = {}): TrackingSettings {
  if (config.REFRESH_JITTER >= config.REFRESH_INTERVAL) {
    throw new Error("Invalid configuration:\n  REFRESH_JITTER: must be shorter than REFRESH_INTERVAL");
  }
  const lines = {} as Record<ShippingLine, LineLimits>;
  for (const line of SHIPPING_LINE_CODES) {
    lines[line] = {
      concurrency: positiveInt(env, `CARRIER_${line}_CONCURRENCY`, config.REFRESH_CONCURRENCY, 1),
      batchSize: positiveInt(env, `CARRIER_${line}_BATCH_SIZE`, config.REFRESH_BATCH_SIZE, 1),
      ratePerMinute: positiveInt(env, `CARRIER_${line}_RATE_PER_MINUTE`, config.REFRESH_RATE_PER_MINUTE, 0),
    };
  }
  return {
    refreshIntervalMs: config.REFRESH_INTERVAL,
    refreshJitterMs: config.REFRESH_JITTER,
    failureThreshold: config.REFRESH_FAILURE_THRESHOLD,
    lines,
  };
}
