import { describe, expect, it } from "vitest";
import { fetchDcsaTracking } from "./dcsa.adapter";
import {
  DCSA_EXAMPLE,
  equipment,
  MAERSK_A,
  MAERSK_B,
  setupCarrierPeer,
  shipment,
  snapshotOf,
  testEndpoint,
  transport,
  vesselCall,
} from "./dcsa.fixtures";

// The DCSA adapter's mapping against a real HTTP peer on loopback: the published example and
// payloads written from the spec. Paging, malformed answers and statuses: dcsa.transport.test.ts.

const EXAMPLE = DCSA_EXAMPLE;

const peers = setupCarrierPeer();

describe("the published DCSA T&T 2.2 example", () => {
  it("maps the vessel call and the container: the box is planned to load at the call", async () => {
    const { url } = await peers.serve(EXAMPLE);
    const snapshot = snapshotOf(await fetchDcsaTracking(testEndpoint(url), "BOOKING_NUMBER", "ABC123123123"));
    // King of the Seas has arrived (ACT) at FRPAR, where the box's LOAD is expected (EST): FRPAR is
    // this leg's port of loading, on the export voyage; the ship has not left it yet.
    expect(snapshot.vessels).toEqual([
      {
        vesselName: "King of the Seas",
        imo: "9321483",
        mmsi: null,
        voyage: "2103S",
        loadingPort: { locode: "FRPAR", name: "Paris" },
        dischargingPort: null,
        departureTime: null,
        departureTimeStatus: "UNKNOWN",
        arrivalTime: null,
        arrivalTimeStatus: "UNKNOWN",
      },
    ]);
    expect(snapshot.loadingPort).toEqual({ locode: "FRPAR", name: "Paris" });
    expect(snapshot.placeOfReceipt).toEqual({ locode: "FRPAR", name: "Paris" });
    expect([snapshot.dischargingPort, snapshot.placeOfDelivery, snapshot.placeOfDeliveryEta]).toEqual([
      null,
      null,
      null,
    ]);
    expect(snapshot.placeOfDeliveryEtaStatus).toBe("UNKNOWN");
    expect(snapshot.vesselVoyage).toBe("King of the Seas 2103S");
    // The example's equipment events are estimated loads: the box is known, none of its times.
    expect(snapshot.containers).toEqual([
      {
        containerNumber: "APZU4812090",
        sizeType: "20GP",
        sizeTypeOriginal: "22GP",
        grossWeightKilograms: null,
        emptyContainerReleasedToShipperTime: null,
        gateInTime: null,
        gateOutTime: null,
        emptyContainerReturnedFromCustomerTime: null,
      },
    ]);
    expect(snapshot.containerSizeType).toBe("20GP");
    expect(snapshot.cancelled).toBe(false);
    expect(snapshot.delivered).toBe(false);
  });

  it("sends the API version, the key and the reference by tracking type, and keeps the raw events", async () => {
    const p = await peers.serve(EXAMPLE);
    const result = await fetchDcsaTracking(testEndpoint(p.url), "CONTAINER_NUMBER", " apzu4812090 ");
    expect(JSON.parse(result.ok ? (result.raw ?? "") : "")).toEqual(EXAMPLE);
    const req = p.requests[0];
    const url = new URL(req?.url ?? "", p.url);
    expect(url.pathname).toBe("/v2/events");
    expect(url.searchParams.get("equipmentReference")).toBe("APZU4812090");
    expect(url.searchParams.get("limit")).toBe("100");
    expect(req?.headers["api-version"]).toBe("2");
    expect(req?.headers["x-carrier-key"]).toBe("k-123");
  });

  it.each([
    ["BOOKING_NUMBER", "carrierBookingReference"],
    ["BILL_OF_LADING_NUMBER", "transportDocumentReference"],
  ] as const)("asks by %s with %s", async (type, parameter) => {
    const p = await peers.serve(EXAMPLE);
    await fetchDcsaTracking(testEndpoint(p.url), type, "REF1");
    expect(new URL(p.requests[0]?.url ?? "", p.url).searchParams.get(parameter)).toBe("REF1");
  });
});

describe("payloads written from the spec", () => {
  it("a direct voyage: one leg, ports, times with their offsets, container milestones", async () => {
    const pol = vesselCall("tc-1", "CNSGH", MAERSK_A, { exp: "612W" });
    const pod = vesselCall("tc-2", "NLRTM", MAERSK_A, { imp: "612W" });
    const box = "MSKU1234565";
    const { url } = await peers.serve([
      shipment("CONF", "BKG", "240512345", "2026-01-02T03:00:00Z"),
      transport("DEPA", "PLN", "2026-01-20T18:00:00+08:00", pol),
      transport("DEPA", "ACT", "2026-01-21T02:30:00+08:00", pol, "2026-01-21T00:00:00Z"),
      transport("ARRI", "PLN", "2026-02-25T06:00:00+01:00", pod),
      transport("ARRI", "EST", "2026-02-26T14:00:00+01:00", pod, "2026-02-10T00:00:00Z"),
      equipment("GTOT", "EMPTY", "2026-01-12T09:15:00+08:00", box, "CNSGH"),
      equipment("GTIN", "LADEN", "2026-01-17T16:40:00+08:00", box, "CNSGH"),
      equipment("LOAD", "LADEN", "2026-01-20T22:00:00+08:00", box, "CNSGH", { transportCall: pol }),
    ]);
    const s = snapshotOf(await fetchDcsaTracking(testEndpoint(url), "BOOKING_NUMBER", "240512345"));
    expect(s.placeOfReceipt).toEqual({ locode: "CNSGH", name: "Shanghai" });
    expect(s.loadingPort).toEqual({ locode: "CNSGH", name: "Shanghai" });
    expect(s.dischargingPort).toEqual({ locode: "NLRTM", name: "Rotterdam" });
    expect(s.placeOfDelivery).toEqual({ locode: "NLRTM", name: "Rotterdam" });
    expect([s.departureTime, s.departureTimeStatus]).toEqual(["2026-01-21T02:30:00+08:00", "ACTUAL"]);
    expect([s.arrivalTime, s.arrivalTimeStatus]).toEqual(["2026-02-26T14:00:00+01:00", "ESTIMATED"]);
    expect([s.placeOfDeliveryEta, s.placeOfDeliveryEtaStatus]).toEqual([
      "2026-02-26T14:00:00+01:00",
      "ESTIMATED",
    ]);
    expect(s.vesselVoyage).toBe("MAERSK ALDEN 612W");
    expect(s.vessels).toHaveLength(1);
    expect(s.containers).toEqual([
      expect.objectContaining({
        containerNumber: box,
        sizeType: "40HC",
        sizeTypeOriginal: "45G1",
        emptyContainerReleasedToShipperTime: "2026-01-12T09:15:00+08:00",
        gateInTime: "2026-01-17T16:40:00+08:00",
        gateOutTime: null,
      }),
    ]);
    expect(s.delivered).toBe(false);
  });

  it("a transhipment: two legs in voyage order whatever the event order", async () => {
    const a1 = vesselCall("tc-a1", "CNSGH", MAERSK_A, { exp: "612S" });
    const a2 = vesselCall("tc-a2", "SGSIN", MAERSK_A, { imp: "612S" });
    const b1 = vesselCall("tc-b1", "SGSIN", MAERSK_B, { exp: "703W" });
    const b2 = vesselCall("tc-b2", "NLRTM", MAERSK_B, { imp: "703W" });
    const { url } = await peers.serve([
      transport("ARRI", "EST", "2026-02-28T08:00:00+01:00", b2),
      transport("DEPA", "EST", "2026-01-30T20:00:00+08:00", b1),
      transport("ARRI", "ACT", "2026-01-26T07:10:00+08:00", a2),
      transport("DEPA", "ACT", "2026-01-21T02:30:00+08:00", a1),
    ]);
    const s = snapshotOf(
      await fetchDcsaTracking(testEndpoint(url), "BILL_OF_LADING_NUMBER", "MAEU240512345"),
    );
    expect(
      s.vessels.map((v) => [v.vesselName, v.voyage, v.loadingPort?.locode, v.dischargingPort?.locode]),
    ).toEqual([
      ["MAERSK ALDEN", "612S", "CNSGH", "SGSIN"],
      ["MAERSK BRANI", "703W", "SGSIN", "NLRTM"],
    ]);
    expect(s.vessels[1]).toMatchObject({
      departureTime: "2026-01-30T20:00:00+08:00",
      departureTimeStatus: "ESTIMATED",
      arrivalTimeStatus: "ESTIMATED",
    });
    expect([s.loadingPort?.locode, s.dischargingPort?.locode]).toEqual(["CNSGH", "NLRTM"]);
    expect([s.departureTimeStatus, s.arrivalTime]).toEqual(["ACTUAL", "2026-02-28T08:00:00+01:00"]);
    expect(s.vesselVoyage).toBe("MAERSK ALDEN 612S");
  });

  it("estimated versus actual: an actual beats any estimate, the newest estimate beats older ones", async () => {
    const pol = vesselCall("tc-1", "KRPUS", MAERSK_A, { exp: "101E" });
    const pod = vesselCall("tc-2", "USLAX", MAERSK_A, { imp: "101E" });
    const { url } = await peers.serve([
      transport("DEPA", "PLN", "2026-03-01T10:00:00+09:00", pol, "2026-02-01T00:00:00Z"),
      transport("DEPA", "ACT", "2026-03-01T16:45:00+09:00", pol, "2026-03-01T08:00:00Z"),
      transport("DEPA", "EST", "2026-03-02T09:00:00+09:00", pol, "2026-03-01T09:00:00Z"),
      transport("ARRI", "PLN", "2026-03-12T08:00:00-08:00", pod, "2026-02-01T00:00:00Z"),
      transport("ARRI", "EST", "2026-03-14T08:00:00-08:00", pod, "2026-03-05T00:00:00Z"),
      transport("ARRI", "EST", "2026-03-13T02:00:00-08:00", pod, "2026-03-09T00:00:00Z"),
    ]);
    const s = snapshotOf(await fetchDcsaTracking(testEndpoint(url), "BOOKING_NUMBER", "240512345"));
    expect([s.departureTime, s.departureTimeStatus]).toEqual(["2026-03-01T16:45:00+09:00", "ACTUAL"]);
    expect([s.arrivalTime, s.arrivalTimeStatus]).toEqual(["2026-03-13T02:00:00-08:00", "ESTIMATED"]);
  });

  it("pre- and on-carriage: inland place of receipt and delivery, delivery ETA from the rail leg", async () => {
    const pol = vesselCall("tc-1", "NLRTM", MAERSK_A, { exp: "401W" });
    const pod = vesselCall("tc-2", "USNYC", MAERSK_A, { imp: "401W" });
    const box = "MSKU1234565";
    const { url } = await peers.serve([
      transport("DEPA", "ACT", "2026-01-10T08:00:00+01:00", {
        transportCallID: "r1",
        UNLocationCode: "DEDUI",
        modeOfTransport: "BARGE",
      }),
      transport("ARRI", "ACT", "2026-01-11T14:00:00+01:00", {
        transportCallID: "r2",
        UNLocationCode: "NLRTM",
        modeOfTransport: "BARGE",
      }),
      transport("DEPA", "ACT", "2026-01-13T20:00:00+01:00", pol),
      transport("ARRI", "ACT", "2026-01-24T06:00:00-05:00", pod),
      transport("DEPA", "ACT", "2026-01-26T06:00:00-05:00", {
        transportCallID: "r3",
        UNLocationCode: "USNYC",
        modeOfTransport: "RAIL",
      }),
      transport("ARRI", "EST", "2026-01-27T12:00:00-05:00", {
        transportCallID: "r4",
        UNLocationCode: "USPIT",
        modeOfTransport: "RAIL",
      }),
      equipment("LOAD", "LADEN", "2026-01-13T10:00:00+01:00", box, "NLRTM", { transportCall: pol }),
      equipment("DISC", "LADEN", "2026-01-24T15:00:00-05:00", box, "USNYC", { transportCall: pod }),
    ]);
    const s = snapshotOf(await fetchDcsaTracking(testEndpoint(url), "BOOKING_NUMBER", "240512345"));
    expect(s.placeOfReceipt).toEqual({ locode: "DEDUI", name: "Duisburg" });
    expect(s.placeOfDelivery).toEqual({ locode: "USPIT", name: "Pittsburgh" });
    expect([s.placeOfDeliveryEta, s.placeOfDeliveryEtaStatus]).toEqual([
      "2026-01-27T12:00:00-05:00",
      "ESTIMATED",
    ]);
    expect([s.arrivalTime, s.arrivalTimeStatus]).toEqual(["2026-01-24T06:00:00-05:00", "ACTUAL"]);
  });

  it("a delivered shipment: gate-out after discharge and the empty return", async () => {
    const pol = vesselCall("tc-1", "CNSGH", MAERSK_A, { exp: "612W" });
    const pod = vesselCall("tc-2", "NLRTM", MAERSK_A, { imp: "612W" });
    const box = "MSKU1234565";
    const { url } = await peers.serve([
      transport("DEPA", "ACT", "2026-01-21T02:30:00+08:00", pol),
      transport("ARRI", "ACT", "2026-02-26T14:00:00+01:00", pod),
      equipment("LOAD", "LADEN", "2026-01-20T22:00:00+08:00", box, "CNSGH", { transportCall: pol }),
      equipment("DISC", "LADEN", "2026-02-27T02:00:00+01:00", box, "NLRTM", { transportCall: pod }),
      equipment("GTOT", "LADEN", "2026-03-01T10:00:00+01:00", box, "NLRTM"),
      equipment("GTIN", "EMPTY", "2026-03-06T09:00:00+01:00", box, "NLRTM"),
    ]);
    const s = snapshotOf(await fetchDcsaTracking(testEndpoint(url), "CONTAINER_NUMBER", box));
    expect(s.containers[0]).toMatchObject({
      gateOutTime: "2026-03-01T10:00:00+01:00",
      emptyContainerReturnedFromCustomerTime: "2026-03-06T09:00:00+01:00",
    });
    expect(s.delivered).toBe(true);
  });

  it("a cancelled booking is the CANCELLED failure; a booking confirmed again after a void is live", async () => {
    const cancelled = await peers.serve([
      shipment("RECE", "BKG", "240512345", "2026-01-02T03:00:00Z"),
      shipment("CONF", "BKG", "240512345", "2026-01-02T05:00:00Z"),
      shipment("VOID", "BKG", "240512345", "2026-01-04T11:00:00Z"),
    ]);
    const result = await fetchDcsaTracking(testEndpoint(cancelled.url), "BOOKING_NUMBER", "240512345");
    expect(result.ok ? null : result.failure.kind).toBe("CANCELLED");
    await cancelled.close();
    const { url } = await peers.serve([
      shipment("VOID", "BKG", "240512345", "2026-01-04T11:00:00Z"),
      shipment("CONF", "BKG", "240512345", "2026-01-05T09:00:00Z"),
    ]);
    expect((await fetchDcsaTracking(testEndpoint(url), "BOOKING_NUMBER", "240512345")).ok).toBe(true);
  });
});
