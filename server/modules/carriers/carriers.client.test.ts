import { describe, expect, it } from "vitest";
import { createCarrierClient } from "./carriers.client";

describe("the carrier client without a simulator", () => {
  it("answers a line without an endpoint as unavailable, never as not found, and asks nobody", async () => {
    let asked = 0;
    const client = createCarrierClient({
      env: {},
      appUrl: "https://tracking.example",
      simulatorAvailable: false,
      fetch: async () => {
        asked += 1;
        return new Response("[]", { status: 404 });
      },
    });
    const result = await client.fetchTracking("MAERSK", "BOOKING_NUMBER", "123456789");
    expect(result).toMatchObject({ ok: false, failure: { kind: "CARRIER_UNAVAILABLE" } });
    expect(asked).toBe(0);
  });

  it("still uses a configured endpoint", async () => {
    const seen: string[] = [];
    const client = createCarrierClient({
      env: { CARRIER_MAERSK_URL: "https://api.maersk.example/track", CARRIER_MAERSK_API_KEY: "k" },
      appUrl: "https://tracking.example",
      simulatorAvailable: false,
      fetch: async (input) => {
        seen.push(String(input));
        return new Response("[]", { status: 200, headers: { "content-type": "application/json" } });
      },
    });
    await client.fetchTracking("MAERSK", "BOOKING_NUMBER", "123456789");
    expect(seen[0]).toMatch(/^https:\/\/api\.maersk\.example\/track\/v2\/events\?/);
  });
});
