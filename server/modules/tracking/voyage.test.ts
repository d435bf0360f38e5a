import { asc, eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { contextFor, silentLog } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { DAY_MS, HOUR_MS, TestClock } from "../../core/clock";
import {
  activities,
  historyContainers,
  historyVessels,
  type Shipment,
  shipmentChanges,
  shipmentHistories,
  shipments,
} from "../../db/schema";
import { startBoss } from "../../jobs/boss";
import type { JobParts } from "../../jobs/define";
import { createJobQueue } from "../../jobs/queue";
import { ensureQueue } from "../../jobs/worker";
import { createCarrierClient } from "../carriers/carriers.client";
import { simulatorLookup } from "../carriers/simulator";
import { injectFetch } from "../carriers/simulator/inject-fetch";
import { carrierSimulatorRoutes } from "../carriers/simulator/simulator.routes";
import { legsAt, type ShipmentRef, scenarioAt } from "../carriers/simulator/voyage";
import { outboxTransport } from "../mail/mail.transport";
import { REFRESH_JOBS } from "./refresh/refresh.jobs";
import { autoArchiveJob, scheduleRefreshesJob, simulatedAisJob, trackingQueues } from "./tracking.jobs";
import { TEST_SETTINGS } from "./tracking.testkit";

// A whole voyage against the carrier simulator, with the clock moved through it: booking,
// departure, transhipment, arrival, delivery and the empty container's return. The scheduler and
// the refresh handler are the worker's own job handlers, fed from and settled in real pg-boss
// queues; the simulator is reached over its DCSA HTTP API (through Fastify's inject).

const clock = new TestClock("2026-01-01T00:00:00Z");
let t: TestDatabase;
let boss: PgBoss;
let sim: FastifyInstance;
const statusDuringFetch: string[] = [];
let runtime: JobParts<"mail" | "carriers" | "tracking">;

beforeAll(async () => {
  t = await freshDatabase();
  boss = await startBoss(t.url, silentLog, { worker: false, max: 4 });
  for (const def of trackingQueues) await ensureQueue(boss, def);
  sim = Fastify();
  await sim.register(carrierSimulatorRoutes, { prefix: "/sim/dcsa", clock, transientFailureRate: 0 });
  const client = createCarrierClient({ fetch: injectFetch(sim), env: {}, appUrl: "http://simulator.test" });
  runtime = {
    mail: outboxTransport,
    tracking: TEST_SETTINGS,
    carriers: {
      endpoint: client.endpoint,
      async fetchTracking(line, type, number, opts) {
        const [row] = await t.db.select().from(shipments).where(eq(shipments.trackingNumber, number));
        statusDuringFetch.push(row?.queueStatus ?? "none");
        return client.fetchTracking(line, type, number, opts);
      },
    },
  };
});
afterAll(async () => {
  await sim.close();
  await boss.stop({ graceful: false, close: true });
  await t.close();
});

/** A booking the simulator routes through a transhipment port, in containers, not cancelled. */
function transhippedBooking(): { ref: ShipmentRef; bookedAt: number; arrival: number } {
  for (let i = 0; i < 5000; i += 1) {
    const ref: ShipmentRef = {
      line: "MAERSK",
      type: "BOOKING_NUMBER",
      number: `VOY${String(i).padStart(7, "0")}`,
    };
    if (simulatorLookup(ref.line, ref.type, ref.number) !== "OK") continue;
    const sc = scenarioAt(ref, clock.now().getTime());
    if (sc.route.length < 2 || sc.cancelledAt !== null || sc.boxes.length === 0) continue;
    const legs = legsAt(sc, Number.POSITIVE_INFINITY);
    return { ref, bookedAt: sc.bookedAt, arrival: legs[legs.length - 1]?.arr.actualArr ?? 0 };
  }
  throw new Error("no transhipped booking in the simulator's first numbers");
}

const system = () =>
  contextFor(t.db, { kind: "system", reason: "voyage" }, { clock, jobs: createJobQueue(boss) });

/** One scheduler run, then every queued refresh through the batch handler, settled as the worker does. */
async function tick(queueStates: string[], s: Shipment) {
  await scheduleRefreshesJob.handle(system(), {}, runtime);
  const read = async () => (await t.db.select().from(shipments).where(eq(shipments.id, s.id)))[0];
  queueStates.push((await read())?.queueStatus ?? "none");
  const queue = REFRESH_JOBS.MAERSK;
  const jobs = await boss.fetch<{ shipmentId: string }>(queue.name, { batchSize: 10, includeMetadata: true });
  if (jobs.length === 0) return;
  const outcomes = await queue.handleBatch?.(
    system(),
    jobs.map((j) => ({ id: j.id, data: j.data, retryCount: j.retryCount, retryLimit: j.retryLimit })),
    runtime,
  );
  for (const o of outcomes ?? []) {
    if (o.status === "completed") await boss.complete(queue.name, o.id, o.output ?? {});
    else await boss.fail(queue.name, o.id, o.output ?? {});
  }
  queueStates.push((await read())?.queueStatus ?? "none");
}

describe("a whole voyage against the simulator", () => {
  it("moves through the queue states, writes histories and changes, counts delays, then archives", async () => {
    const { ref, bookedAt, arrival } = transhippedBooking();
    clock.set(new Date(bookedAt + 3 * HOUR_MS));
    const f = factories(t.db, clock.now());
    const { company } = await f.companyWith("ADMIN");
    const team = await f.team(company.id, { daysToArchiveAfterDelivery: 21 });
    const s = await f.shipment(team, {
      shippingLine: ref.line,
      trackingType: ref.type,
      trackingNumber: ref.number,
      nextRefreshAt: clock.now(),
      requestedEta: new Date(arrival).toISOString().slice(0, 10),
    });

    const queueStates: string[] = [];
    let archivedAt: Date | null = null;
    let lastDay = -1;
    const positions: { lat: number; lon: number; predicted: boolean }[] = [];
    for (let at = clock.now().getTime(); at < arrival + 40 * DAY_MS && !archivedAt; at += 7 * HOUR_MS) {
      clock.set(new Date(at));
      await tick(queueStates, s);
      const day = Math.floor(at / DAY_MS);
      if (day !== lastDay) {
        lastDay = day;
        await autoArchiveJob.handle(system(), {}, runtime);
        await simulatedAisJob.handle(system(), {}, runtime);
        const [row] = await t.db.select().from(shipments).where(eq(shipments.id, s.id));
        if (row?.aisUpdatedAt?.getTime() === at && row.latitude !== null && row.longitude !== null) {
          positions.push({
            lat: row.latitude,
            lon: row.longitude,
            predicted: row.predictedArrivalAt !== null,
          });
        }
      }
      archivedAt = (await t.db.select().from(shipments).where(eq(shipments.id, s.id)))[0]?.archivedAt ?? null;
    }

    // The queue: claimed (WAITING), fetched (FETCHING during the carrier call), back to SLEEPING.
    expect(queueStates).toContain("WAITING");
    expect(new Set(statusDuringFetch)).toEqual(new Set(["FETCHING"]));
    expect(queueStates[queueStates.length - 1]).toBe("SLEEPING");

    // Histories only when the snapshot changed: fewer than the refreshes, more than one.
    const histories = await t.db
      .select()
      .from(shipmentHistories)
      .where(eq(shipmentHistories.shipmentId, s.id))
      .orderBy(asc(shipmentHistories.createdAt));
    expect(histories.length).toBeGreaterThan(3);
    expect(histories.length).toBeLessThan(statusDuringFetch.length);
    // An estimate may slip and recover, so a snapshot can come back; never twice in a row.
    for (let i = 1; i < histories.length; i += 1) {
      expect(histories[i]?.snapshotHash).not.toBe(histories[i - 1]?.snapshotHash);
    }
    const first = histories[0];
    const latest = histories[histories.length - 1];
    expect(first?.arrivalTimeStatus).not.toBe("ACTUAL");
    expect(latest).toMatchObject({
      status: "success",
      departureTimeStatus: "ACTUAL",
      arrivalTimeStatus: "ACTUAL",
    });
    const legs = await t.db
      .select()
      .from(historyVessels)
      .where(eq(historyVessels.historyId, latest?.id ?? ""));
    expect(legs.length).toBeGreaterThanOrEqual(2);
    const boxes = await t.db
      .select()
      .from(historyContainers)
      .where(eq(historyContainers.historyId, latest?.id ?? ""));
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      expect(box.gateOutTime).not.toBeNull();
      expect(box.emptyContainerReturnedFromCustomerTime).not.toBeNull();
    }

    // The initial schedule is the first success's; the delays are measured against it.
    const row = (await t.db.select().from(shipments).where(eq(shipments.id, s.id)))[0] as Shipment;
    expect(row.latestHistoryId).toBe(latest?.id);
    expect(row.initialEta).toEqual(first?.arrivalTime);
    expect(row.initialEtd).toEqual(first?.departureTime);
    const days = (a: Date | null | undefined, b: Date | null) =>
      a && b ? Math.round((a.getTime() - b.getTime()) / DAY_MS) || 0 : null;
    expect(row.delayDays).toBe(days(latest?.arrivalTime, row.initialEta));
    expect(row.etdDelayDays).toBe(days(latest?.departureTime, row.initialEtd));
    expect(row.requestedEtaDelayDays).not.toBeNull();

    // Change records for the milestones, each with its history and old and new values.
    const changes = await t.db.select().from(shipmentChanges).where(eq(shipmentChanges.shipmentId, s.id));
    const kinds = new Set(changes.map((c) => c.kind));
    for (const kind of ["TRANSHIPMENT", "ARRIVAL", "DELIVERY"] as const) expect(kinds).toContain(kind);
    expect(kinds.has("ETA") || kinds.has("ETD")).toBe(true);
    for (const c of changes) {
      expect(histories.map((h) => h.id)).toContain(c.historyId);
      expect(c.newValue).not.toBeNull();
    }
    expect(changes.filter((c) => c.kind === "ARRIVAL")).toHaveLength(1);

    // While at sea the vessel's simulated AIS position (through the AIS ingest) moves the shipment.
    expect(positions.length).toBeGreaterThan(5);
    expect(new Set(positions.map((p) => `${p.lat},${p.lon}`)).size).toBeGreaterThan(5);
    expect(positions.some((p) => p.predicted)).toBe(true);

    // Auto-archived the team's 21 days after the delivery ETA, with an activity; no refresh after.
    const basis = latest?.placeOfDeliveryEta ?? latest?.arrivalTime ?? null;
    expect(archivedAt).not.toBeNull();
    expect((archivedAt as Date).getTime()).toBeGreaterThanOrEqual((basis as Date).getTime() + 21 * DAY_MS);
    expect((archivedAt as Date).getTime()).toBeLessThan((basis as Date).getTime() + 22 * DAY_MS);
    const logged = await t.db.select().from(activities).where(eq(activities.shipmentId, s.id));
    expect(logged.map((a) => a.kind)).toContain("tracking.autoArchived");
    const fetches = statusDuringFetch.length;
    clock.advance(2 * DAY_MS);
    await tick([], s);
    expect(statusDuringFetch.length).toBe(fetches);
    // A simulated voyage of two months, tick by tick (with each refresh's shipment-changed event emitted):
    // about 30 s on a busy machine, more than vitest's default limit.
  }, 120_000);
});
