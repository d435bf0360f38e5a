import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { trackingSettings } from "./tracking.config";

describe("refresh configuration", () => {
  it("refreshes every 6 hours by default, give or take 30 minutes, failing after 3 failures", () => {
    const settings = trackingSettings(loadConfig({}));
    expect(settings).toMatchObject({
      refreshIntervalMs: 6 * 3_600_000,
      refreshJitterMs: 30 * 60_000,
      failureThreshold: 3,
    });
    expect(settings.lines.MAERSK).toEqual({ concurrency: 2, batchSize: 50, ratePerMinute: 600 });
  });

  it("reads durations with units, a bare number as seconds, and refuses anything else by name", () => {
    expect(loadConfig({ REFRESH_INTERVAL: "90m" }).REFRESH_INTERVAL).toBe(90 * 60_000);
    expect(loadConfig({ REFRESH_INTERVAL: "1d", REFRESH_JITTER: "45" }).REFRESH_JITTER).toBe(45_000);
    expect(loadConfig({ REFRESH_JITTER: "1.5h" }).REFRESH_JITTER).toBe(90 * 60_000);
    expect(() => loadConfig({ REFRESH_INTERVAL: "soon" })).toThrow(/REFRESH_INTERVAL/);
    expect(() => loadConfig({ REFRESH_FAILURE_THRESHOLD: "0" })).toThrow(/REFRESH_FAILURE_THRESHOLD/);
  });

  it("gives each line its own limits from CARRIER_<LINE>_* and refuses a jitter as long as the interval", () => {
    const env = {
      CARRIER_MSC_CONCURRENCY: "6",
      CARRIER_MSC_RATE_PER_MINUTE: "0",
      CARRIER_ONE_BATCH_SIZE: "5",
    };
    const settings = trackingSettings(loadConfig({ REFRESH_CONCURRENCY: "3" }), env);
    expect(settings.lines.MSC).toEqual({ concurrency: 6, batchSize: 50, ratePerMinute: 0 });
    expect(settings.lines.ONE).toEqual({ concurrency: 3, batchSize: 5, ratePerMinute: 600 });
    expect(() => trackingSettings(loadConfig({}), { CARRIER_MSC_CONCURRENCY: "many" })).toThrow(
      /CARRIER_MSC_CONCURRENCY/,
    );
    expect(() => trackingSettings(loadConfig({ REFRESH_INTERVAL: "1h", REFRESH_JITTER: "1h" }))).toThrow(
      /REFRESH_JITTER/,
    );
  });
});
