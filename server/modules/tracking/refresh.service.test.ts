import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isNumberUnknownToLine } from "../../../shared/refresh-state";
import { factories } from "../../../tests/factories";
import { contextFor } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { DAY_MS, TestClock } from "../../core/clock";
import {
  activities,
  historyContainers,
  historyVessels,
  type Shipment,
  shipmentChanges,
  shipmentHistories,
  shipments,
} from "../../db/schema";
import type { TrackingResult } from "../carriers/carriers.types";
import { listShipments } from "../shipments/list/list.service";
import { listInput } from "../shipments/list/list.testkit";
import { getShipment } from "../shipments/shipments.service";
import { reserveCarrierRequests } from "./refresh/carrier-throttle";
import { unpackRawAnswer } from "./refresh/raw-answer";
import { type RefreshJob, refreshShipments } from "./refresh.service";
import { failure, ok, scriptedCarriers, snapshot, TEST_SETTINGS } from "./tracking.testkit";

let t: TestDatabase;
const clock = new TestClock("2026-01-20T00:00:00Z");
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.close());

const system = () => contextFor(t.db, { kind: "system", reason: "test" }, { clock });
let answers = new Map<string, TrackingResult>();
const carriers = scriptedCarriers((_line, number) => answers.get(number) ?? failure("NOT_FOUND"));
const runtime = { carriers, tracking: TEST_SETTINGS };

async function newShipment(overrides: Partial<Shipment> = {}) {
  const f = factories(t.db);
  const { team } = await f.companyWith("ADMIN");
  return f.shipment(team, { requestedEta: "2026-02-14", ...overrides });
}
const job = (s: Shipment, retryCount = 0, retryLimit = 3): RefreshJob => ({
  id: crypto.randomUUID(),
  shipmentId: s.id,
  retryCount,
  retryLimit,
});
const reload = async (s: Shipment) =>
  (await t.db.select().from(shipments).where(eq(shipments.id, s.id)))[0] as Shipment;
const histories = (s: Shipment) =>
  t.db.select().from(shipmentHistories).where(eq(shipmentHistories.shipmentId, s.id));

describe("a refresh that succeeds", () => {
  it("stores the first snapshot as history, with the initial schedule and the delays", async () => {
    const s = await newShipment();
    answers = new Map([[s.trackingNumber, ok(snapshot())]]);
    const summary = await refreshShipments(system(), [job(s)], runtime);
    expect(summary).toMatchObject({ succeeded: 1, failed: 0, retrying: 0, newHistories: 1 });
    const [history] = await histories(s);
    const row = await reload(s);
    expect(history).toMatchObject({
      status: "success",
      loadingPortLocode: "JPYOK",
      dischargingPortLocode: "USLAX",
    });
    expect(row.latestHistoryId).toBe(history?.id);
    expect(row.queueStatus).toBe("SLEEPING");
    expect(row.lastScrapedAt).toEqual(clock.now());
    expect(row.initialEtd).toEqual(new Date("2026-02-01T01:00:00Z"));
    expect(row.initialEta).toEqual(new Date("2026-02-15T16:00:00Z"));
    expect(row.delayDays).toBe(0);
    expect(row.requestedEtaDelayDays).toBe(1);
    const legs = await t.db
      .select()
      .from(historyVessels)
      .where(eq(historyVessels.historyId, history?.id ?? ""));
    expect(legs.map((l) => l.vesselName)).toEqual(["ONE APUS"]);
  });

  it("writes no second history when the same job runs twice, even at the same time", async () => {
    const s = await newShipment();
    answers = new Map([[s.trackingNumber, ok(snapshot())]]);
    const again = job(s);
    await Promise.all([
      refreshShipments(system(), [again], runtime),
      refreshShipments(system(), [again], runtime),
    ]);
    await refreshShipments(system(), [again], runtime);
    expect(await histories(s)).toHaveLength(1);
    expect((await reload(s)).queueStatus).toBe("SLEEPING");
  });

  it("writes a history and a change record when the ETA slips, and the delay follows", async () => {
    const s = await newShipment();
    answers = new Map([[s.trackingNumber, ok(snapshot())]]);
    await refreshShipments(system(), [job(s)], runtime);
    answers.set(s.trackingNumber, ok(snapshot({ arrival: "2026-02-18T08:00:00-08:00" })));
    const summary = await refreshShipments(system(), [job(s)], runtime);
    expect(summary.newHistories).toBe(1);
    const row = await reload(s);
    expect(await histories(s)).toHaveLength(2);
    expect(row.delayDays).toBe(3);
    expect(row.initialEta).toEqual(new Date("2026-02-15T16:00:00Z"));
    // The carrier's raw answer stays on the latest history only.
    const raw = (await histories(s)).map((h) => [h.id === row.latestHistoryId, unpackRawAnswer(h) !== null]);
    expect(raw.sort()).toEqual([
      [false, false],
      [true, true],
    ]);
    const changes = await t.db.select().from(shipmentChanges).where(eq(shipmentChanges.shipmentId, s.id));
    expect(changes).toEqual([
      expect.objectContaining({
        kind: "ETA",
        historyId: row.latestHistoryId,
        oldValue: { time: "2026-02-15T16:00:00.000Z", status: "ESTIMATED" },
        newValue: { time: "2026-02-18T16:00:00.000Z", status: "ESTIMATED" },
      }),
    ]);
  });

  it("skips archived shipments", async () => {
    const s = await newShipment({ archivedAt: clock.now() });
    answers = new Map([[s.trackingNumber, ok(snapshot())]]);
    const summary = await refreshShipments(system(), [job(s)], runtime);
    expect(summary.outcomes).toEqual([
      expect.objectContaining({ status: "completed", output: { skipped: true } }),
    ]);
    expect(await histories(s)).toHaveLength(0);
  });
});

describe("a refresh that fails", () => {
  it("leaves a transient failure to pg-boss's retry while retries remain, WAITING", async () => {
    const s = await newShipment();
    answers = new Map([[s.trackingNumber, failure("CARRIER_UNAVAILABLE")]]);
    const summary = await refreshShipments(system(), [job(s, 0, 3)], runtime);
    expect(summary.outcomes[0]?.status).toBe("failed");
    const row = await reload(s);
    expect(row).toMatchObject({ queueStatus: "WAITING", consecutiveFailures: 0, isFailing: false });
  });

  it("counts failed refreshes and marks the shipment failing after the threshold, once", async () => {
    const s = await newShipment();
    answers = new Map([[s.trackingNumber, ok(snapshot())]]);
    await refreshShipments(system(), [job(s)], runtime);
    answers.set(s.trackingNumber, failure("CARRIER_UNAVAILABLE"));
    for (let i = 1; i <= 2; i += 1) {
      const summary = await refreshShipments(system(), [job(s, 3, 3)], runtime);
      expect(summary.outcomes[0]?.status).toBe("completed");
      expect(await reload(s)).toMatchObject({
        consecutiveFailures: i,
        isFailing: false,
        queueStatus: "SLEEPING",
      });
    }
    await refreshShipments(system(), [job(s, 3, 3)], runtime);
    await refreshShipments(system(), [job(s, 3, 3)], runtime);
    const row = await reload(s);
    expect(row).toMatchObject({
      consecutiveFailures: 4,
      isFailing: true,
      failedReason: "CARRIER_UNAVAILABLE",
    });
    const failed = (await histories(s)).filter((h) => h.status === "failed");
    expect(failed).toEqual([expect.objectContaining({ failedReason: "CARRIER_UNAVAILABLE" })]);
    // The latest history stays the last success: the schedule does not vanish while failing.
    expect((await histories(s)).find((h) => h.id === row.latestHistoryId)?.status).toBe("success");

    answers.set(s.trackingNumber, ok(snapshot()));
    await refreshShipments(system(), [job(s)], runtime);
    expect(await reload(s)).toMatchObject({ consecutiveFailures: 0, isFailing: false, failedReason: null });
  });

  it("archives a number the carrier keeps calling unknown, with an activity", async () => {
    const s = await newShipment();
    answers = new Map();
    for (let i = 0; i < 2; i += 1) await refreshShipments(system(), [job(s)], runtime);
    expect((await reload(s)).archivedAt).toBeNull();
    await refreshShipments(system(), [job(s)], runtime);
    const row = await reload(s);
    expect(row).toMatchObject({ isFailing: true, failedReason: "NOT_FOUND", archivedAt: clock.now() });
    const logged = await t.db.select().from(activities).where(eq(activities.shipmentId, s.id));
    expect(logged.map((a) => [a.kind, a.params])).toEqual(
      expect.arrayContaining([["tracking.autoArchived", { reason: "NOT_FOUND" }]]),
    );
  });

  it("tells a number the carrier refused on the very first refresh at once, on the detail and in the list", async () => {
    const f = factories(t.db);
    const { team, user } = await f.companyWith("OPERATOR");
    const s = await f.shipment(team, {
      trackingType: "CONTAINER_NUMBER",
      trackingNumber: "MSKU1234565",
      queueStatus: "WAITING",
    });
    const member = contextFor(t.db, user, { clock });
    const seen = async () => ({
      detail: await getShipment(member, s.id),
      item: (await listShipments(member, listInput(team.id))).items.find((i) => i.id === s.id),
    });
    expect((await seen()).detail.lastFailedReason).toBeNull();

    answers = new Map([[s.trackingNumber, failure("NOT_FOUND")]]);
    await refreshShipments(system(), [job(s)], runtime);
    // One refusal: far from the failure threshold, yet the person sees what the carrier said.
    const told = { isFailing: false, failedReason: null, lastFailedReason: "NOT_FOUND", lastScrapedAt: null };
    const { detail, item } = await seen();
    expect(detail).toMatchObject({ ...told, queueStatus: "SLEEPING" });
    expect(item).toMatchObject(told);
    expect(isNumberUnknownToLine(detail)).toBe(true);
    expect(isNumberUnknownToLine(item as NonNullable<typeof item>)).toBe(true);

    // A transient failure out of retries is no refusal of the number.
    answers.set(s.trackingNumber, failure("CARRIER_UNAVAILABLE"));
    await refreshShipments(system(), [job(s, 3, 3)], runtime);
    expect(isNumberUnknownToLine((await seen()).detail)).toBe(false);

    // The carrier answers: the refusal is forgotten.
    answers.set(s.trackingNumber, ok(snapshot()));
    await refreshShipments(system(), [job(s)], runtime);
    expect((await seen()).detail.lastFailedReason).toBeNull();
    expect(await reload(s)).toMatchObject({ lastFailedReason: null, consecutiveFailures: 0 });
  });

  it("archives a cancelled booking at once", async () => {
    const s = await newShipment();
    answers = new Map([[s.trackingNumber, failure("CANCELLED")]]);
    await refreshShipments(system(), [job(s)], runtime);
    expect(await reload(s)).toMatchObject({
      isFailing: true,
      failedReason: "CANCELLED",
      archivedAt: clock.now(),
    });
  });
});

describe("the list's columns on the shipment", () => {
  it("follow the latest history (first named vessel, sorted containers) and empty with it", async () => {
    const s = await newShipment();
    const snap = snapshot({ vessels: [{ vesselName: null, voyage: null }, { vesselName: "ONE HARMONY" }] });
    snap.containers = [
      { ...(snap.containers[0] as (typeof snap.containers)[number]), containerNumber: "TGHU8765432" },
      ...snap.containers,
    ];
    answers = new Map([[s.trackingNumber, ok(snap)]]);
    await refreshShipments(system(), [job(s)], runtime);
    expect(await reload(s)).toMatchObject({
      loadingPortLocode: "JPYOK",
      dischargingPortName: "Los Angeles",
      arrivalTime: new Date("2026-02-15T16:00:00Z"),
      vesselName: "ONE HARMONY",
      containerNumbers: ["TCLU1234568", "TGHU8765432"],
    });

    await t.db.update(shipments).set({ latestHistoryId: null }).where(eq(shipments.id, s.id));
    expect(await reload(s)).toMatchObject({
      loadingPortLocode: null,
      dischargingPortName: null,
      arrivalTime: null,
      vesselName: null,
      vesselVoyage: null,
      containerNumbers: [],
    });
  });
});

describe("the carrier's quota", () => {
  it("sends a batch back to the queue, unfetched, when the line's quota is booked too far ahead", async () => {
    const [retried, last] = [
      await newShipment({ shippingLine: "PANCON" }),
      await newShipment({ shippingLine: "PANCON" }),
    ];
    const slow = {
      ...runtime,
      tracking: {
        ...TEST_SETTINGS,
        lines: { ...TEST_SETTINGS.lines, PANCON: { concurrency: 1, batchSize: 20, ratePerMinute: 1 } },
      },
    };
    await reserveCarrierRequests(t.db, "PANCON", 1, 1);
    await reserveCarrierRequests(t.db, "PANCON", 1, 1, 120_000);
    carriers.calls.length = 0;
    const summary = await refreshShipments(system(), [job(retried, 0, 3), job(last, 3, 3)], slow, {
      paceBudgetMs: 0,
    });
    expect(carriers.calls).toEqual([]);
    expect(summary.outcomes.map((o) => o.status)).toEqual(["failed", "completed"]);
    expect((await reload(retried)).queueStatus).toBe("WAITING");
    expect(await reload(last)).toMatchObject({ queueStatus: "SLEEPING", consecutiveFailures: 0 });
  });

  it("sends a batch larger than the quota's burst at the line's rate, the burst at once", async () => {
    // 600 a minute: 100 ms apart, a burst of 20 (2 s of quota).
    const batch = await Promise.all(
      Array.from({ length: 23 }, () => newShipment({ shippingLine: "SINOKOR" })),
    );
    const sentAt: number[] = [];
    const timed = {
      ...carriers,
      async fetchTracking(...args: Parameters<typeof carriers.fetchTracking>) {
        sentAt.push(performance.now());
        return carriers.fetchTracking(...args);
      },
    };
    const paced = {
      carriers: timed,
      tracking: {
        ...TEST_SETTINGS,
        lines: { ...TEST_SETTINGS.lines, SINOKOR: { concurrency: 1, batchSize: 23, ratePerMinute: 600 } },
      },
    };
    const summary = await refreshShipments(
      system(),
      batch.map((s) => job(s)),
      paced,
    );
    expect(summary.outcomes).toHaveLength(23);
    expect(sentAt).toHaveLength(23);
    // Lower bounds from the first request only: a wait is a minimum, however slow the machine. The
    // three beyond the burst go one, two and three spacings after it, not all together at the last's turn.
    const [first = 0] = sentAt;
    const [b21 = 0, , b23 = 0] = sentAt.slice(20);
    expect(b21 - first).toBeGreaterThanOrEqual(90);
    expect(b23 - first).toBeGreaterThanOrEqual(290);
  });
});

describe("a batch", () => {
  it("fetches every member and writes each its own result", async () => {
    const list = await Promise.all([newShipment(), newShipment(), newShipment()]);
    const [a, b, c] = list as [Shipment, Shipment, Shipment];
    answers = new Map([
      [a.trackingNumber, ok(snapshot())],
      [b.trackingNumber, failure("CARRIER_UNAVAILABLE")],
      [c.trackingNumber, ok(snapshot({ arrival: null }))],
    ]);
    clock.advance(DAY_MS);
    const summary = await refreshShipments(
      system(),
      list.map((s) => job(s)),
      runtime,
    );
    expect(summary).toMatchObject({ succeeded: 2, retrying: 1, newHistories: 2 });
    expect((await reload(a)).queueStatus).toBe("SLEEPING");
    expect((await reload(b)).queueStatus).toBe("WAITING");
    expect((await reload(c)).initialEta).toBeNull();
  });
  it("writes a mixed batch in full: a changed shipment, a cancelled booking and an unchanged one", async () => {
    const [moved, cancelled, same] = (await Promise.all([newShipment(), newShipment(), newShipment()])) as [
      Shipment,
      Shipment,
      Shipment,
    ];
    answers = new Map([
      [moved.trackingNumber, ok(snapshot())],
      [same.trackingNumber, ok(snapshot())],
    ]);
    await refreshShipments(system(), [job(moved), job(same)], runtime);
    clock.advance(DAY_MS);
    answers = new Map([
      [moved.trackingNumber, ok(snapshot({ arrival: "2026-02-19T08:00:00-08:00" }))],
      [cancelled.trackingNumber, failure("CANCELLED")],
      [same.trackingNumber, ok(snapshot())],
    ]);
    const summary = await refreshShipments(
      system(),
      [moved, cancelled, same].map((s) => job(s)),
      runtime,
    );
    expect(summary).toMatchObject({ succeeded: 2, failed: 1, newHistories: 2 });

    const movedRow = await reload(moved);
    const movedHistories = await histories(moved);
    expect(movedHistories).toHaveLength(2);
    const latest = movedHistories.find((h) => h.id === movedRow.latestHistoryId);
    expect(latest).toMatchObject({ status: "success", arrivalTime: new Date("2026-02-19T16:00:00Z") });
    expect(latest && unpackRawAnswer(latest)).toBe('[{"test":true}]');
    const superseded = movedHistories.find((h) => h.id !== movedRow.latestHistoryId);
    expect(superseded && unpackRawAnswer(superseded)).toBeNull();
    const [vessels, containers, changes] = await Promise.all([
      t.db
        .select()
        .from(historyVessels)
        .where(eq(historyVessels.historyId, latest?.id ?? "")),
      t.db
        .select()
        .from(historyContainers)
        .where(eq(historyContainers.historyId, latest?.id ?? "")),
      t.db
        .select()
        .from(shipmentChanges)
        .where(eq(shipmentChanges.historyId, latest?.id ?? "")),
    ]);
    expect(vessels).toHaveLength(1);
    expect(vessels[0]).toMatchObject({
      sequence: 0,
      vesselName: "ONE APUS",
      departureTimeStatus: "ESTIMATED",
    });
    expect(containers.map((c) => c.containerNumber)).toEqual(["TCLU1234568"]);
    expect(changes.map((c) => c.kind)).toContain("ETA");
    expect(changes[0]?.createdAt).toEqual(clock.now());
    expect(movedRow).toMatchObject({ lastScrapedAt: clock.now(), queueStatus: "SLEEPING", delayDays: 4 });
    // The list's columns follow the new latest history onto the shipment (the migration 0006 trigger).
    expect(movedRow).toMatchObject({
      arrivalTime: new Date("2026-02-19T16:00:00Z"),
      arrivalTimeStatus: latest?.arrivalTimeStatus,
      loadingPortLocode: latest?.loadingPortLocode,
      vesselName: "ONE APUS",
      containerNumbers: ["TCLU1234568"],
    });

    const [failed] = await histories(cancelled);
    expect(failed).toMatchObject({ status: "failed", failedReason: "CANCELLED", loadingPortLocode: null });
    expect(failed?.id).toMatch(/^[0-9a-f-]{36}$/);
    const logged = await t.db.select().from(activities).where(eq(activities.shipmentId, cancelled.id));
    expect(logged.map((a) => a.kind).sort()).toEqual(["tracking.autoArchived", "tracking.failing"]);
    expect(logged.find((a) => a.kind === "tracking.failing")?.params).toEqual({
      reason: "CANCELLED",
      failures: 1,
    });
    expect(await reload(cancelled)).toMatchObject({ archivedAt: clock.now(), consecutiveFailures: 1 });

    expect(await histories(same)).toHaveLength(1);
    expect((await reload(same)).lastScrapedAt).toEqual(clock.now());
  });
});
