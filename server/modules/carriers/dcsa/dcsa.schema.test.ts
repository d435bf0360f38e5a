import { describe, expect, it } from "vitest";
import { seeded } from "../../../../tests/setup/seeded-random";
import {
  carriageCall,
  DCSA_EXAMPLE,
  equipment,
  MAERSK_A,
  MAERSK_B,
  shipment,
  transport,
  vesselCall,
} from "./dcsa.fixtures";
import { DcsaEventsPage, isValidPage, parseEventsPage } from "./dcsa.schema";

// The hand-written check of a page stands in for zod on the answers that pass, so it may accept
// only what zod accepts, and the events it hands on must equal zod's output. Pages are generated
// from the published example and the spec's payloads, then broken field by field.

const EXAMPLE = DCSA_EXAMPLE;

const pol = vesselCall("tc-1", "CNSGH", MAERSK_A, { exp: "612W" });
const pod = vesselCall("tc-2", "NLRTM", MAERSK_B, { imp: "612W" });
const rail = carriageCall("tc-3", "DEHAM", "RAIL");
const VALID: unknown[] = [
  ...EXAMPLE,
  shipment("CONF", "BKG", "240512345", "2026-01-02T03:00:00Z"),
  transport("DEPA", "ACT", "2026-01-21T02:30:00+08:00", pol),
  transport("ARRI", "EST", "2026-02-26T14:00:00.123+01:00", pod, "2026-02-10T00:00:00Z"),
  transport("ARRI", "PLN", "2026-03-01T08:00:00Z", rail),
  equipment("GTIN", "LADEN", "2026-01-17T16:40:00+08:00", "MSKU1234565", "CNSGH"),
  equipment("LOAD", "LADEN", "2026-01-20T22:00:00+08:00", "MSKU1234565", "CNSGH", { transportCall: pol }),
  {
    ...transport("DEPA", "EST", "2026-01-21T02:30:00-03:30", { ...pol, transportCallSequenceNumber: 2 }),
    documentReferences: [{ documentReferenceType: "BKG", documentReferenceValue: "240512345" }],
    delayReasonCode: "WEA",
    changeRemark: null,
    extension: { anything: [1, 2] },
  },
];

const VALUES: unknown[] = [
  undefined,
  null,
  "",
  "X",
  "x".repeat(16),
  "x".repeat(300),
  0,
  2,
  1.5,
  -1,
  2 ** 60,
  true,
  [],
  {},
  [{ documentReferenceType: "TRD", documentReferenceValue: "X" }],
  [{ documentReferenceType: "XYZ", documentReferenceValue: "X" }],
  "2026-01-01T00:00:00Z",
  "2026-02-29T10:00:00Z",
  "2028-02-29T10:00:00+09:00",
  "2026-02-30T10:00:00Z",
  "2026-01-01T00:00Z",
  "2026-01-01T24:00:00Z",
  "2026-01-01T00:00:00+24:00",
  "2026-01-01T00:00:00",
  "CNSGH",
  "cnsgh",
  "CN1GH",
  "1234567",
  "123456",
  "TRANSPORT",
  "EQUIPMENT",
  "SHIPMENT",
  "ARRI",
  "LOAD",
  "ACT",
  "GUESS",
  "BKG",
  "VOID",
  "VESSEL",
  "BARGE",
  "POTE",
  "LADEN",
  { vesselIMONumber: "9778791" },
  { vesselIMONumber: "977879" },
  { UNLocationCode: "NLRTM", locationName: "Rotterdam" },
  { transportCallID: "tc", modeOfTransport: "TRUCK" },
  { transportCallID: "tc" },
];

/** Every object inside a value, with the value itself: where a field may be broken. */
function objectsIn(value: unknown, into: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) objectsIn(v, into);
  else if (value && typeof value === "object") {
    into.push(value as Record<string, unknown>);
    for (const v of Object.values(value)) objectsIn(v, into);
  }
  return into;
}

function broken(random: () => number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const page = structuredClone(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(VALID)));
  const changes = Math.floor(random() * 3);
  for (let i = 0; i < changes; i += 1) {
    const target = pick(objectsIn(page));
    const keys = Object.keys(target);
    const key =
      random() < 0.85 && keys.length ? pick(keys) : pick(["eventID", "vessel", "location", "reason"]);
    const value = structuredClone(pick(VALUES));
    if (value === undefined) delete target[key];
    else target[key] = value;
  }
  return random() < 0.02 ? { events: page } : page;
}

describe("the hand-written check of a page", () => {
  it("accepts the published example and the spec's payloads, handing on the events unchanged", () => {
    for (const event of VALID) {
      expect(isValidPage([event])).toBe(true);
      expect(DcsaEventsPage.safeParse([event]).success).toBe(true);
    }
    const parsed = parseEventsPage(EXAMPLE);
    expect(parsed).toEqual({ ok: true, events: DcsaEventsPage.parse(EXAMPLE) });
  });

  it("accepts exactly what zod accepts, and its events equal zod's output", () => {
    const random = seeded(27_11_2026);
    let accepted = 0;
    for (let i = 0; i < 4000; i += 1) {
      const page = broken(random);
      const zod = DcsaEventsPage.safeParse(page);
      const context = JSON.stringify(page);
      expect(isValidPage(page), context).toBe(zod.success);
      if (zod.success) {
        accepted += 1;
        expect(page).toEqual(zod.data);
      }
    }
    // Both kinds were tried.
    expect(accepted).toBeGreaterThan(400);
    expect(accepted).toBeLessThan(3600);
  });

  it("leaves a refused page's message to zod", () => {
    const page = [{ ...(VALID[1] as object), eventDateTime: "2026-02-30T10:00:00+01:00" }];
    const parsed = parseEventsPage(page);
    expect(parsed.ok ? "" : parsed.message).toMatch(/^Malformed DCSA events: 0\.eventDateTime: /);
  });
});
