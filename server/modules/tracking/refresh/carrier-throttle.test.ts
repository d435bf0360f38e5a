import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "../../../../tests/setup/db";
import { type Reservation, reserveCarrierRequests } from "./carrier-throttle";

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.close());

const waitOf = (r: Reservation) => (r.reserved ? r.waitMs : Number.NaN);

describe("the per-line carrier quota", () => {
  it("lets a burst go at once, then spaces the requests at the line's rate", async () => {
    // 600 a minute: 100 ms apart, 2 s of burst.
    expect(await reserveCarrierRequests(t.db, "MAERSK", 20, 600)).toEqual({ reserved: true, waitMs: 0 });
    const second = waitOf(await reserveCarrierRequests(t.db, "MAERSK", 20, 600));
    expect(second).toBeGreaterThan(1500);
    expect(second).toBeLessThanOrEqual(2000);
    const third = waitOf(await reserveCarrierRequests(t.db, "MAERSK", 10, 600));
    expect(third).toBeGreaterThan(second + 500);
  });

  it("keeps each line's quota apart, and an unlimited line never waits", async () => {
    await reserveCarrierRequests(t.db, "ONE", 50, 60, 120_000);
    expect(waitOf(await reserveCarrierRequests(t.db, "HMM", 2, 60))).toBe(0);
    // A batch beyond the burst waits for its share of the quota, even as the first.
    const kmtc = waitOf(await reserveCarrierRequests(t.db, "KMTC", 5, 60));
    expect(kmtc).toBeGreaterThan(2900);
    expect(kmtc).toBeLessThanOrEqual(3000);
    expect(await reserveCarrierRequests(t.db, "ZIM", 10_000, 0)).toEqual({ reserved: true, waitMs: 0 });
  });

  it("reserves nothing beyond the longest wait, and says when to come back", async () => {
    // 60 a minute: 20 requests are 20 s of quota, 18 s past the burst.
    expect(waitOf(await reserveCarrierRequests(t.db, "SITC", 20, 60, 30_000))).toBeGreaterThan(17_000);
    const refused = await reserveCarrierRequests(t.db, "SITC", 20, 60, 30_000);
    expect(refused.reserved).toBe(false);
    expect(refused.reserved === false && refused.retryInMs).toBeGreaterThan(7_000);
    // Refused, so nothing was taken: a small batch still fits.
    expect(waitOf(await reserveCarrierRequests(t.db, "SITC", 5, 60, 30_000))).toBeLessThanOrEqual(23_000);
  });
});
