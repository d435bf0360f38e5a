import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { contextFor } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import { type NewShipmentHistory, type Shipment, shipmentHistories, shipments } from "../../db/schema";
import { createCarrierClient } from "../carriers/carriers.client";
import {
  carrierPeer,
  MAERSK_A,
  type Peer,
  sendJson,
  transport,
  vesselCall,
} from "../carriers/dcsa/dcsa.fixtures";
import { mapEventsToSnapshot } from "../carriers/dcsa/dcsa.mapper";
import { DcsaEventsPage } from "../carriers/dcsa/dcsa.schema";
import { snapshotHash } from "../carriers/snapshot";
import { unpackRawAnswer } from "./refresh/raw-answer";
import { type RefreshJob, refreshShipments } from "./refresh.service";
import { TEST_SETTINGS } from "./tracking.testkit";

// The carrier's answer on the latest history, over real HTTP from a carrier on loopback: stored as
// the text the carrier sent (compressed), and histories written before that (the answer as parsed
// JSON in raw_payload, or as text in raw_payload_text) still compared and superseded as before.

let t: TestDatabase;
let peer: Peer;
let body = "";
const clock = new TestClock("2026-01-20T00:00:00Z");

beforeAll(async () => {
  t = await freshDatabase();
  peer = await carrierPeer((_req, res) => sendJson(res, 200, body));
});
afterAll(async () => {
  await peer.close();
  await t.close();
});
afterEach(() => {
  body = "";
});

const system = () => contextFor(t.db, { kind: "system", reason: "test" }, { clock });
const runtime = () => ({
  carriers: createCarrierClient({ env: { CARRIER_MAERSK_URL: peer.url }, appUrl: "http://unused.invalid" }),
  tracking: TEST_SETTINGS,
});
const job = (s: Shipment): RefreshJob => ({
  id: crypto.randomUUID(),
  shipmentId: s.id,
  retryCount: 0,
  retryLimit: 3,
});
const histories = (s: Shipment) =>
  t.db.select().from(shipmentHistories).where(eq(shipmentHistories.shipmentId, s.id));
const reload = async (s: Shipment) =>
  (await t.db.select().from(shipments).where(eq(shipments.id, s.id)))[0] as Shipment;

async function newShipment() {
  const f = factories(t.db);
  const { team } = await f.companyWith("ADMIN");
  return f.shipment(team, { shippingLine: "MAERSK" });
}

const pol = vesselCall("tc-1", "CNSGH", MAERSK_A, { exp: "612W" });
const pod = vesselCall("tc-2", "NLRTM", MAERSK_A, { imp: "612W" });
const events = (arrival: string) => [
  transport("DEPA", "ACT", "2026-01-21T02:30:00+08:00", pol),
  { ...transport("ARRI", "EST", arrival, pod), changeRemark: '港の混雑 "berth"' },
];
/** Written as a carrier might: indented, its own key order, a character escaped. */
const written = (list: unknown[]) =>
  `[\n${list.map((e) => `  ${JSON.stringify(e)}`).join(",\n")}\n]`.replace("港", "\\u6e2f");

/** The shipment's latest history as an earlier release wrote it: the answer's snapshot hash, the answer as given. */
async function earlierLatest(s: Shipment, list: unknown[], kept: Partial<NewShipmentHistory>) {
  const snapshot = mapEventsToSnapshot(DcsaEventsPage.parse(list));
  const [old] = await t.db
    .insert(shipmentHistories)
    .values({
      shipmentId: s.id,
      companyId: s.companyId,
      status: "success",
      snapshotHash: snapshotHash(snapshot),
      ...kept,
    })
    .returning();
  if (!old) throw new Error("no history written");
  await t.db.update(shipments).set({ latestHistoryId: old.id }).where(eq(shipments.id, s.id));
  return old;
}

/** A refresh whose answer moved the arrival: the history it superseded and the new latest one. */
async function refreshWithMovedArrival(s: Shipment, oldId: string) {
  body = written(events("2026-02-28T14:00:00+01:00"));
  const moved = await refreshShipments(system(), [job(s)], runtime());
  expect(moved).toMatchObject({ succeeded: 1, newHistories: 1 });
  const row = await reload(s);
  const all = await histories(s);
  return {
    previous: all.find((h) => h.id === oldId),
    latest: all.find((h) => h.id === row.latestHistoryId),
  };
}

describe("the carrier's raw answer", () => {
  it("is kept on the latest history as the exact text the carrier sent", async () => {
    const s = await newShipment();
    body = written(events("2026-02-26T14:00:00+01:00"));
    const summary = await refreshShipments(system(), [job(s)], runtime());
    expect(summary).toMatchObject({ succeeded: 1, newHistories: 1 });
    const [history] = await histories(s);
    expect(history && unpackRawAnswer(history)).toBe(body);
    // Compressed by the worker: far fewer bytes than the text, and Postgres' own compression not tried.
    expect(history?.rawPayloadBrotli?.byteLength).toBeLessThan(Buffer.byteLength(body) / 2);
    expect(history).toMatchObject({ rawPayload: null, rawPayloadText: null });
    const [stored] = await t.db.execute<{ storage: string }>(
      sql`select attstorage as storage from pg_attribute where attrelid = 'shipment_histories'::regclass and attname = 'raw_payload_brotli'`,
    );
    expect(stored?.storage).toBe("e");
  });

  it("reads an answer kept as text before it was compressed, and a change supersedes it", async () => {
    const s = await newShipment();
    const list = events("2026-02-26T14:00:00+01:00");
    const old = await earlierLatest(s, list, { rawPayloadText: written(list) });
    expect(unpackRawAnswer(old)).toBe(written(list));

    const { previous, latest } = await refreshWithMovedArrival(s, old.id);
    expect(previous && unpackRawAnswer(previous)).toBeNull();
    expect(latest && unpackRawAnswer(latest)).toBe(body);
  });

  it("a history written before the text was kept: same answer, no new history; a change supersedes it", async () => {
    const s = await newShipment();
    const list = events("2026-02-26T14:00:00+01:00");
    const old = await earlierLatest(s, list, {
      rawPayload: list,
      arrivalTime: new Date("2026-02-26T13:00:00Z"),
      arrivalTimeStatus: "ESTIMATED",
    });

    body = written(list);
    const same = await refreshShipments(system(), [job(s)], runtime());
    expect(same).toMatchObject({ succeeded: 1, newHistories: 0 });
    expect(await histories(s)).toHaveLength(1);

    const { previous, latest } = await refreshWithMovedArrival(s, old.id);
    expect(previous).toMatchObject({ rawPayload: null, rawPayloadText: null, rawPayloadBrotli: null });
    expect(latest && unpackRawAnswer(latest)).toBe(body);
  });
});
