import { createHash } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShippingLine, TrackingType } from "../../../../shared/enums";
import { DAY_MS, HOUR_MS, TestClock } from "../../../core/clock";
import { type CarrierEndpoint, SIMULATOR_PATH, simulatorBaseUrl } from "../carrier-config";
import type { TrackingResult, TrackingSnapshot } from "../carriers.types";
import { fetchDcsaTracking } from "../dcsa/dcsa.adapter";
import { mapEventsToSnapshot } from "../dcsa/dcsa.mapper";
import { parseEventsPage } from "../dcsa/dcsa.schema";
import { snapshotHash } from "../snapshot";
import { legsAt, type Scenario, scenarioAt, simulatedEvents, simulatorLookup } from ".";
import { injectFetch } from "./inject-fetch";
import { carrierSimulatorRoutes } from "./simulator.routes";

// The simulator through the real adapter, over Fastify's inject (one test over a real socket):
// deterministic answers, a whole voyage walked by moving the clock, unknown numbers, faults.

const clock = new TestClock("2026-03-01T00:00:00Z");
let app: FastifyInstance;
let flaky: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(carrierSimulatorRoutes, { prefix: SIMULATOR_PATH, clock, transientFailureRate: 0 });
  flaky = Fastify();
  await flaky.register(carrierSimulatorRoutes, { prefix: SIMULATOR_PATH, clock, transientFailureRate: 1 });
});
afterAll(async () => {
  await app.close();
  await flaky.close();
});

const endpoint = (line: ShippingLine, base = "http://sim.test"): CarrierEndpoint => ({
  line,
  baseUrl: simulatorBaseUrl(base, line),
  apiKey: null,
  apiKeyHeader: "API-Key",
  simulated: true,
});

function track(line: ShippingLine, type: TrackingType, number: string, on = app): Promise<TrackingResult> {
  return fetchDcsaTracking(endpoint(line), type, number, { fetch: injectFetch(on) });
}

async function snapshotAt(at: number, line: ShippingLine, type: TrackingType, number: string) {
  clock.set(new Date(at));
  const result = await track(line, type, number);
  if (!result.ok) throw new Error(`${number} at ${new Date(at).toISOString()}: ${result.failure.message}`);
  return result.snapshot;
}

const booking = (i: number) => `24${String(i).padStart(7, "0")}`;

/** The first MAERSK booking number (in a fixed sequence) whose current booking matches. */
function findBooking(at: number, wanted: (sc: Scenario) => boolean): { number: string; sc: Scenario } {
  for (let i = 0; i < 2000; i += 1) {
    const number = booking(i);
    if (simulatorLookup("MAERSK", "BOOKING_NUMBER", number) !== "OK") continue;
    const sc = scenarioAt({ line: "MAERSK", type: "BOOKING_NUMBER", number }, at);
    if (wanted(sc)) return { number, sc };
  }
  throw new Error("no such booking in the first 2000 numbers");
}

/** The legs as they finally were: just before the number's next booking. */
const cycleEnd = (sc: Scenario) => sc.bookedAt + sc.cycleMs - HOUR_MS;
const latest = (sc: Scenario) => legsAt(sc, cycleEnd(sc));

describe("determinism", () => {
  it("the same number at the same time tells the same story", async () => {
    clock.set("2026-03-01T00:00:00Z");
    const a = await track("MSC", "BILL_OF_LADING_NUMBER", "MEDUQ4051234");
    const b = await track("MSC", "BILL_OF_LADING_NUMBER", "MEDUQ4051234");
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(snapshotHash(a.snapshot)).toBe(snapshotHash(b.snapshot));
    expect(a).toEqual(b);
  });

  it("tells the stories it always told: 400 answers pinned, asked in any order", () => {
    // Demo data, e2e numbers and stored histories rely on each number's story staying the same;
    // the simulator keeps what many answers share (a sailing's calls and estimates, routes), and
    // none of that may change an answer. The digest was taken before any of it was kept.
    const at = new Date("2026-11-27T12:00:00Z");
    const refs = ["MAERSK", "MSC", "ONE", "KAMBARA"].flatMap((line) =>
      Array.from({ length: 50 }, (_, i) =>
        (["BOOKING_NUMBER", "BILL_OF_LADING_NUMBER"] as const).map((type) => ({
          line: line as ShippingLine,
          type,
          number: `24${String(i * 37).padStart(7, "0")}`,
        })),
      ).flat(),
    );
    const digest = (order: typeof refs) => {
      const answers = new Map(order.map((ref) => [ref, JSON.stringify(simulatedEvents(ref, at))]));
      const hash = createHash("sha256");
      for (const ref of refs) hash.update(answers.get(ref) as string);
      return hash.digest("hex");
    };
    const pinned = "ac55564aa8214bc4133b9fc3b1af53b9da2c8b9e1763e615ef30301b2f9748f3";
    expect(digest([...refs].reverse())).toBe(pinned);
    expect(digest(refs)).toBe(pinned);
  });

  it("answers real DCSA T&T 2.2 that the adapter's schema accepts, for every line", () => {
    const at = new Date("2026-03-01T00:00:00Z");
    const lines: ShippingLine[] = [
      "MAERSK",
      "EVERGREEN",
      "ONE",
      "DSV",
      "WALLENIUS",
      "STOLT",
      "KAMBARA",
      "SWIRE",
    ];
    for (const line of lines) {
      for (let i = 0; i < 30; i += 1) {
        const parsed = parseEventsPage(
          simulatedEvents({ line, type: "BOOKING_NUMBER", number: booking(i) }, at),
        );
        expect(parsed.ok ? "" : parsed.message, `${line} ${booking(i)}`).toBe("");
      }
    }
  });
});

describe("a whole voyage, moving the clock", () => {
  it("walks from booking through departure, transhipment, arrival and delivery to the empty return", async () => {
    const start = Date.parse("2026-03-01T00:00:00Z");
    const { number, sc } = findBooking(
      start,
      (s) => s.route.length === 2 && s.boxes.length > 0 && s.rolledAt === null && s.cancelledAt === null,
    );
    const [leg1, leg2] = latest(sc);
    if (!leg1 || !leg2) throw new Error("two legs expected");
    const at = (ms: number) => snapshotAt(ms, "MAERSK", "BOOKING_NUMBER", number);
    const hashes: string[] = [];
    const seen = (s: TrackingSnapshot) => {
      hashes.push(snapshotHash(s));
      return s;
    };

    const booked = seen(await at(sc.bookedAt + HOUR_MS));
    expect(booked.departureTimeStatus).toBe("ESTIMATED");
    expect(booked.vessels).toHaveLength(2);
    expect(booked.loadingPort?.locode).toBe(leg1.dep.call.locode);
    expect(booked.dischargingPort?.locode).toBe(leg2.arr.call.locode);

    const sailed = seen(await at(leg1.dep.actualDep + 3 * HOUR_MS));
    expect(sailed.departureTimeStatus).toBe("ACTUAL");
    expect(Date.parse(sailed.departureTime ?? "")).toBe(leg1.dep.actualDep);
    expect(sailed.containers.every((c) => c.gateInTime !== null)).toBe(true);

    const transhipping = seen(await at(leg1.arr.actualArr + 3 * HOUR_MS));
    expect(transhipping.vessels[0]?.arrivalTimeStatus).toBe("ACTUAL");
    expect(transhipping.vessels[0]?.dischargingPort?.locode).toBe(leg2.dep.call.locode);
    expect(transhipping.vessels[1]?.departureTimeStatus).toBe("ESTIMATED");

    const onSecond = seen(await at(leg2.dep.actualDep + 3 * HOUR_MS));
    expect(onSecond.vessels[1]?.departureTimeStatus).toBe("ACTUAL");
    expect(onSecond.arrivalTimeStatus).toBe("ESTIMATED");

    const arrived = seen(await at(leg2.arr.actualArr + 3 * HOUR_MS));
    expect(arrived.arrivalTimeStatus).toBe("ACTUAL");
    expect(Date.parse(arrived.arrivalTime ?? "")).toBe(leg2.arr.actualArr);
    expect(arrived.delivered).toBe(false);

    const done = seen(await at(cycleEnd(sc)));
    expect(done.delivered).toBe(true);
    expect(done.containers.every((c) => c.gateOutTime && c.emptyContainerReturnedFromCustomerTime)).toBe(
      true,
    );
    expect(done.placeOfDeliveryEtaStatus).toBe("ACTUAL");
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it("a rolled booking moves to the next week's ship", async () => {
    const { number, sc } = findBooking(
      Date.parse("2026-03-01T00:00:00Z"),
      (s) => s.rolledAt !== null && !s.cancelledAt,
    );
    const rolledAt = sc.rolledAt as number;
    const before = await snapshotAt(rolledAt - HOUR_MS, "MAERSK", "BOOKING_NUMBER", number);
    const after = await snapshotAt(rolledAt + HOUR_MS, "MAERSK", "BOOKING_NUMBER", number);
    expect(after.vessels[0]?.vesselName).not.toBe(before.vessels[0]?.vesselName);
    expect(Date.parse(after.departureTime ?? "") - Date.parse(before.departureTime ?? "")).toBeGreaterThan(
      3 * DAY_MS,
    );
  });

  it("a cancelled booking answers CANCELLED from the moment it is voided", async () => {
    const { number, sc } = findBooking(Date.parse("2026-03-01T00:00:00Z"), (s) => s.cancelledAt !== null);
    const cancelledAt = sc.cancelledAt as number;
    clock.set(new Date(cancelledAt - HOUR_MS));
    expect((await track("MAERSK", "BOOKING_NUMBER", number)).ok).toBe(true);
    clock.set(new Date(cancelledAt + HOUR_MS));
    const result = await track("MAERSK", "BOOKING_NUMBER", number);
    expect(result.ok ? null : result.failure.kind).toBe("CANCELLED");
  });
});

describe("estimates", () => {
  it("ETAs slip and recover, then settle on the actual arrival", () => {
    let slipAndRecovery = 0;
    for (let i = 0; i < 60 && slipAndRecovery < 3; i += 1) {
      const ref = { line: "MAERSK" as const, type: "BOOKING_NUMBER" as const, number: booking(i) };
      if (simulatorLookup(ref.line, ref.type, ref.number) !== "OK") continue;
      const sc = scenarioAt(ref, Date.parse("2026-03-01T00:00:00Z"));
      const last = latest(sc).at(-1);
      if (!last || sc.cancelledAt) continue;
      const etaAt = (t: number) => {
        const s = mapEventsToSnapshot(parseAll(simulatedEvents(ref, new Date(t))));
        return s.arrivalTimeStatus === "ESTIMATED" && s.arrivalTime ? Date.parse(s.arrivalTime) : null;
      };
      const etas: number[] = [];
      for (let d = 13; d >= 1; d -= 1) {
        const eta = etaAt(last.arr.actualArr - d * DAY_MS);
        if (eta !== null) etas.push(eta);
      }
      const slipped = etas.findIndex((e, k) => k > 0 && e > (etas[k - 1] as number));
      if (slipped > 0 && etas.slice(slipped + 1).some((e, k) => e < (etas[slipped + k] as number)))
        slipAndRecovery += 1;
      // Two hours before, the estimate is the actual time to the hour.
      const final = etaAt(last.arr.actualArr - 2 * HOUR_MS) as number;
      expect(Math.abs(final - last.arr.actualArr)).toBeLessThanOrEqual(HOUR_MS / 2);
    }
    expect(slipAndRecovery).toBeGreaterThanOrEqual(3);
  });
});

function parseAll(events: unknown) {
  const parsed = parseEventsPage(events);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.events;
}

describe("unknown numbers and faults", () => {
  it("a container number with a wrong check digit is unknown (404 → NOT_FOUND)", async () => {
    const result = await track("MAERSK", "CONTAINER_NUMBER", "MSKU9070324");
    expect(result.ok ? null : result.failure.kind).toBe("NOT_FOUND");
    expect((await track("MAERSK", "CONTAINER_NUMBER", "MSKU9070323")).ok).toBe(true);
  });

  it("a malformed reference is refused (400 → INVALID_NUMBER)", async () => {
    const result = await track("MAERSK", "CONTAINER_NUMBER", "MSKU-12");
    expect(result.ok ? null : result.failure.kind).toBe("INVALID_NUMBER");
    const tooLong = await track("ONE", "BILL_OF_LADING_NUMBER", "ONEY1234567890123456789");
    expect(tooLong.ok ? null : tooLong.failure.kind).toBe("INVALID_NUMBER");
  });

  it("a small deterministic share of booking numbers is unknown", () => {
    const unknown = Array.from({ length: 2000 }, (_, i) =>
      simulatorLookup("MSC", "BOOKING_NUMBER", booking(i)),
    ).filter((r) => r === "UNKNOWN").length;
    expect(unknown).toBeGreaterThan(20);
    expect(unknown).toBeLessThan(90);
  });

  it("transient 5xx answers are CARRIER_UNAVAILABLE, and can be switched off", async () => {
    const { number } = findBooking(clock.now().getTime(), () => true);
    expect((await track("MAERSK", "BOOKING_NUMBER", number)).ok).toBe(true);
    const result = await track("MAERSK", "BOOKING_NUMBER", number, flaky);
    expect(result.ok ? null : result.failure.kind).toBe("CARRIER_UNAVAILABLE");
  });
});

describe("the simulator route", () => {
  it("pages with Next-Page cursors the adapter follows", async () => {
    clock.set("2026-03-01T00:00:00Z");
    const { number, sc } = findBooking(Date.parse("2026-03-01T00:00:00Z"), (s) => s.boxes.length >= 3);
    clock.set(new Date(sc.bookedAt + 150 * DAY_MS));
    const first = await app.inject(`/sim/dcsa/MAERSK/v2/events?carrierBookingReference=${number}&limit=5`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(5);
    expect(first.headers["api-version"]).toBe("2.2.0");
    const next = String(first.headers["next-page"]);
    const second = await app.inject(`/sim/dcsa/MAERSK/v2/events?cursor=${next}`);
    expect(second.json()).toHaveLength(5);
    const all = await app.inject(`/sim/dcsa/MAERSK/v2/events?carrierBookingReference=${number}`);
    expect([...first.json(), ...second.json()]).toEqual(all.json().slice(0, 10));
  });

  it("answers DCSA error bodies for an unknown line or a missing reference", async () => {
    const noLine = await app.inject("/sim/dcsa/NOPE/v2/events?carrierBookingReference=1");
    expect(noLine.statusCode).toBe(404);
    const noRef = await app.inject("/sim/dcsa/MAERSK/v2/events");
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json()).toMatchObject({ statusCode: 400, errors: [{ reason: "invalidQuery" }] });
  });

  it("serves the adapter over a real socket on loopback, as production reaches it", async () => {
    const served = Fastify();
    await served.register(carrierSimulatorRoutes, { prefix: SIMULATOR_PATH, clock, transientFailureRate: 0 });
    const url = await served.listen({ port: 0, host: "127.0.0.1" });
    try {
      const result = await fetchDcsaTracking(endpoint("EVERGREEN", url), "BOOKING_NUMBER", "142405123456");
      expect(result.ok ? "snapshot" : result.failure.kind).toBe("snapshot");
    } finally {
      await served.close();
    }
  });
});

describe("the simulator's DCSA query parameters", () => {
  const base = "/sim/dcsa/MAERSK/v2/events";
  async function events(query: string) {
    const res = await app.inject(`${base}?${query}`);
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }
  async function walked() {
    clock.set("2026-03-01T00:00:00Z");
    const { number, sc } = findBooking(Date.parse("2026-03-01T00:00:00Z"), (s) => s.boxes.length >= 2);
    clock.set(new Date(sc.bookedAt + 150 * DAY_MS));
    return number;
  }

  it("filters by eventType and transportEventTypeCode, as DCSA T&T 2.2 defines them", async () => {
    const number = await walked();
    const all = (await events(`carrierBookingReference=${number}&limit=1000`)).body as Record<
      string,
      unknown
    >[];
    const types = new Set(all.map((e) => e.eventType));
    expect(types).toEqual(new Set(["SHIPMENT", "TRANSPORT", "EQUIPMENT"]));

    const transport = await events(`carrierBookingReference=${number}&limit=1000&eventType=TRANSPORT`);
    expect(transport.status).toBe(200);
    expect(transport.body.length).toBe(all.filter((e) => e.eventType === "TRANSPORT").length);
    expect(new Set(transport.body.map((e: { eventType: string }) => e.eventType))).toEqual(
      new Set(["TRANSPORT"]),
    );

    const two = await events(`carrierBookingReference=${number}&limit=1000&eventType=SHIPMENT,EQUIPMENT`);
    expect(two.body.length).toBe(all.filter((e) => e.eventType !== "TRANSPORT").length);

    const departures = await events(
      `carrierBookingReference=${number}&limit=1000&transportEventTypeCode=DEPA`,
    );
    expect(departures.body.length).toBeGreaterThan(0);
    expect(
      departures.body.every(
        (e: { eventType: string; transportEventTypeCode: string }) =>
          e.eventType === "TRANSPORT" && e.transportEventTypeCode === "DEPA",
      ),
    ).toBe(true);
  });

  it("sorts by the fields it is asked to, either way, and keeps the order across pages", async () => {
    const number = await walked();
    const desc = await events(`carrierBookingReference=${number}&limit=1000&sort=eventDateTime:DESC`);
    const times = desc.body.map((e: { eventDateTime: string }) => Date.parse(e.eventDateTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const asc = await events(`carrierBookingReference=${number}&limit=1000&sort=eventDateTime`);
    const ascTimes = asc.body.map((e: { eventDateTime: string }) => Date.parse(e.eventDateTime));
    expect(ascTimes).toEqual([...ascTimes].sort((a, b) => a - b));

    const first = await events(`carrierBookingReference=${number}&limit=3&sort=eventDateTime:DESC`);
    const second = await events(`cursor=${first.headers["next-page"]}`);
    expect([...first.body, ...second.body]).toEqual(desc.body.slice(0, 6));
  });

  it("refuses a limit, a filter value or a sort DCSA does not allow, with DCSA's error body", async () => {
    const number = await walked();
    for (const bad of [
      "limit=0",
      "limit=abc",
      "limit=-5",
      "limit=2.5",
      "limit=1001",
      "eventType=TRANSPORTS",
      "transportEventTypeCode=ARRI,LOAD",
      "equipmentEventTypeCode=FLY",
      "sort=vesselName:DESC",
      "sort=eventDateTime:SIDEWAYS",
    ]) {
      const res = await events(`carrierBookingReference=${number}&${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body, bad).toMatchObject({
        httpMethod: "GET",
        statusCode: 400,
        statusCodeText: "Bad Request",
        errors: [{ reason: "invalidQuery", message: expect.any(String) }],
      });
      expect(typeof res.body.errorDateTime).toBe("string");
    }
    expect((await events(`carrierBookingReference=${number}&limit=1`)).body).toHaveLength(1);
  });
});
