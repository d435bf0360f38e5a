import { afterEach, describe, expect, it } from "vitest";
import { carrierPeer, DCSA_EXAMPLE_TEXT, sendJson } from "./dcsa.fixtures";
import { runTrackCommand } from "./track.command";

// `npm run admin -- track`: the configured carrier, the simulator, the output shape.

const saved = { ...process.env };
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runTrackCommand(
    args,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const SNAPSHOT_FIELDS = [
  "placeOfReceipt",
  "loadingPort",
  "dischargingPort",
  "placeOfDelivery",
  "departureTime",
  "departureTimeStatus",
  "arrivalTime",
  "arrivalTimeStatus",
  "placeOfDeliveryEta",
  "placeOfDeliveryEtaStatus",
  "vesselVoyage",
  "containerSizeType",
  "containerGrossWeightSum",
  "vessels",
  "containers",
];

describe("track", () => {
  it("prints the normalized snapshot from an in-process simulator at a given time", async () => {
    const { code, out, err } = await run([
      "track",
      "MAERSK",
      "CONTAINER_NUMBER",
      "MSKU9070323",
      "--in-process",
      "--at",
      "2026-03-01T00:00:00Z",
    ]);
    expect(code).toBe(0);
    expect(err).toContain("in-process simulator at 2026-03-01T00:00:00.000Z");
    const printed = JSON.parse(out);
    expect(printed.ok).toBe(true);
    for (const field of SNAPSHOT_FIELDS) expect(printed.snapshot).toHaveProperty(field);
    expect(printed.snapshot.containers[0]).toMatchObject({ containerNumber: "MSKU9070323" });
    expect(printed.snapshot.vessels[0]).toHaveProperty("vesselName");
    // Times in UTC, as the engine compares them.
    const times = [
      printed.snapshot.departureTime,
      printed.snapshot.arrivalTime,
      printed.snapshot.vessels[0].departureTime,
    ];
    expect(times.filter(Boolean).length).toBeGreaterThan(0);
    for (const time of times.filter(Boolean))
      expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(printed.raw).toBeUndefined();
    // Without the command's name too; --at alone also means in-process; the same time, the same answer.
    expect(
      (await run(["MAERSK", "CONTAINER_NUMBER", "MSKU9070323", "--at", "2026-03-01T00:00:00Z"])).out,
    ).toBe(out);
  });

  it("falls back to the in-process simulator when nothing answers at APP_URL", async () => {
    const closed = await carrierPeer(() => {});
    await closed.close();
    process.env.APP_URL = closed.url;
    const { code, err } = await run(["track", "EVERGREEN", "BOOKING_NUMBER", "142405123456"]);
    expect(code).toBe(0);
    expect(err).toContain(`no server answers at ${closed.url}`);
  });

  it("prints the typed failure, exit code 1", async () => {
    const { code, out } = await run(["track", "MAERSK", "CONTAINER_NUMBER", "MSKU9070324", "--in-process"]);
    expect(code).toBe(1);
    expect(JSON.parse(out)).toEqual({
      ok: false,
      failure: { kind: "NOT_FOUND", message: expect.stringContaining("404") },
    });
  });

  it("uses CARRIER_<LINE>_URL and its key when configured, with --raw", async () => {
    const example = DCSA_EXAMPLE_TEXT;
    const peer = await carrierPeer((_req, res) => sendJson(res, 200, example));
    try {
      process.env.CARRIER_HAPAGLLOYD_URL = `${peer.url}/tnt`;
      process.env.CARRIER_HAPAGLLOYD_API_KEY = "secret";
      const { code, out, err } = await run([
        "track",
        "HAPAGLLOYD",
        "BOOKING_NUMBER",
        "ABC123123123",
        "--raw",
      ]);
      expect(code).toBe(0);
      expect(err).toContain(`${peer.url}/tnt`);
      expect(peer.requests[0]?.url).toBe("/tnt/v2/events?carrierBookingReference=ABC123123123&limit=100");
      expect(peer.requests[0]?.headers["api-key"]).toBe("secret");
      const printed = JSON.parse(out);
      expect(printed.snapshot.vessels[0].vesselName).toBe("King of the Seas");
      expect(printed.raw).toHaveLength(7);
    } finally {
      await peer.close();
    }
  });

  it("explains its usage on a bad line or type", async () => {
    expect((await run(["track", "NOPE", "BOOKING_NUMBER", "1"])).code).toBe(2);
    const { code, err } = await run(["track", "MAERSK", "BOOKING"]);
    expect(code).toBe(2);
    expect(err).toContain("Usage: npm run admin -- track <LINE>");
  });
});
