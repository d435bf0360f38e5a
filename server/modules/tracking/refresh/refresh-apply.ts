import type { TrackingFailureKind } from "../../../../shared/enums";
import type { ServiceContext } from "../../../core/context";
import type { NewActivity, NewShipmentChange } from "../../../db/schema";
import type { TrackingResult } from "../../carriers/carriers.types";
import { snapshotHash } from "../../carriers/snapshot";
import type { TrackingSettings } from "../tracking.config";
import { TRACKING_ACTIVITY, WRONG_NUMBER_FAILURES } from "../tracking.constants";
import { type ShipmentChanged, shipmentChanged } from "../tracking.events";
import {
  type HistoryWrites,
  type LockedShipment,
  latestStates,
  lockShipments,
  type ShipmentRefreshState,
  writeRefresh,
} from "../tracking.queries";
import { detectChanges } from "./changes";
import { computeDelays } from "./delays";
import { historyRows } from "./history-rows";

// Writing what the carrier said, for a batch of shipments in one transaction. Each shipment row is
// locked first and its latest history read after the lock, so a job that runs twice (a retry after
// a crash, a duplicate) finds the first run's history and writes none: a history is only written
// when the normalized snapshot's hash differs from the latest one.

export interface ApplyItem {
  shipmentId: string;
  result: TrackingResult;
}

export interface ApplyResult {
  /** Per shipment, what the job records as its output. */
  outcomes: Map<string, object>;
  newHistories: number;
}

/** The row's state as it is, back to SLEEPING (built field by field: it runs for every shipment). */
function unchangedState(row: LockedShipment): ShipmentRefreshState {
  return {
    id: row.id,
    queueStatus: "SLEEPING",
    lastScrapedAt: row.lastScrapedAt,
    consecutiveFailures: row.consecutiveFailures,
    isFailing: row.isFailing,
    failedReason: row.failedReason,
    lastFailedReason: row.lastFailedReason,
    latestHistoryId: row.latestHistoryId,
    initialEtd: row.initialEtd,
    initialEta: row.initialEta,
    delayDays: row.delayDays,
    etdDelayDays: row.etdDelayDays,
    requestedEtaDelayDays: row.requestedEtaDelayDays,
    requestedEtdDelayDays: row.requestedEtdDelayDays,
    archivedAt: row.archivedAt,
  };
}

export async function applyRefreshResults(
  ctx: ServiceContext,
  items: ApplyItem[],
  settings: TrackingSettings,
): Promise<ApplyResult> {
  const outcomes = new Map<string, object>();
  if (items.length === 0) return { outcomes, newHistories: 0 };
  const now = ctx.clock.now();
  const byId = new Map(items.map((i) => [i.shipmentId, i.result]));
  const locked = await lockShipments(ctx.db, [...byId.keys()]);
  const latest = await latestStates(
    ctx.db,
    locked.flatMap((r) => (r.latestHistoryId ? [r.latestHistoryId] : [])),
  );
  const writes: HistoryWrites = {
    histories: [],
    vessels: [],
    containers: [],
    changes: [],
    activities: [],
    superseded: [],
  };
  const states: ShipmentRefreshState[] = [];
  const events: ShipmentChanged[] = [];

  for (const row of locked) {
    const result = byId.get(row.id);
    if (!result) continue;
    const state = unchangedState(row);
    if (result.ok) {
      const hash = snapshotHash(result.snapshot);
      const prev = row.latestHistoryId ? latest.get(row.latestHistoryId) : undefined;
      Object.assign(state, {
        lastScrapedAt: now,
        consecutiveFailures: 0,
        isFailing: false,
        failedReason: null,
        lastFailedReason: null,
      });
      if (prev?.hash === hash) {
        outcomes.set(row.id, { status: "unchanged" });
      } else {
        const rows = historyRows(
          result.snapshot,
          { shipmentId: row.id, companyId: row.companyId },
          hash,
          result.raw,
        );
        writes.histories.push({ ...rows.history, createdAt: now });
        writes.vessels.push(...rows.vessels);
        writes.containers.push(...rows.containers);
        const changes = prev ? detectChanges(prev.state, rows.state) : [];
        const changeRows = changes.map((c): NewShipmentChange & { id: string } => ({
          id: crypto.randomUUID(),
          shipmentId: row.id,
          companyId: row.companyId,
          historyId: rows.history.id,
          createdAt: now,
          ...c,
        }));
        writes.changes.push(...changeRows);
        if (changeRows.length > 0)
          events.push({
            shipmentId: row.id,
            companyId: row.companyId,
            teamId: row.teamId,
            historyId: rows.history.id,
            changeIds: changeRows.map((c) => c.id),
          });
        if (row.latestHistoryId) writes.superseded.push(row.latestHistoryId);
        state.latestHistoryId = rows.history.id;
        state.initialEtd ??= rows.history.departureTime ?? null;
        state.initialEta ??= rows.history.arrivalTime ?? null;
        outcomes.set(row.id, {
          status: "changed",
          historyId: rows.history.id,
          changes: changes.map((c) => c.kind),
        });
      }
      Object.assign(
        state,
        computeDelays({
          departureTime: result.snapshot.departureTime,
          arrivalTime: result.snapshot.arrivalTime,
          initialEtd: state.initialEtd,
          initialEta: state.initialEta,
          requestedEtd: row.requestedEtd,
          requestedEta: row.requestedEta,
        }),
      );
    } else {
      recordFailure(row, state, result.failure.kind, settings, now, writes);
      outcomes.set(row.id, { status: "failed", failure: result.failure });
    }
    states.push(state);
  }
  await writeRefresh(ctx.db, writes, states, now);
  // Whoever reacts to the changes (e-mail, webhooks, live updates) hears of them through this
  // event, emitted in this transaction: a rolled-back refresh tells no one.
  await ctx.jobs.sendMany(
    shipmentChanged,
    events.map((payload) => ({ payload })),
  );
  return { outcomes, newHistories: writes.histories.length };
}

/**
 * A refresh that failed for good (the carrier's answer, or a transient failure out of retries).
 * After `failureThreshold` in a row the shipment is failing, with one failed history per episode;
 * a cancelled booking is final at once, and a number the carrier keeps calling wrong is archived.
 */
function recordFailure(
  row: LockedShipment,
  state: ShipmentRefreshState,
  kind: TrackingFailureKind,
  settings: TrackingSettings,
  now: Date,
  writes: HistoryWrites,
) {
  const failures = row.consecutiveFailures + 1;
  const failing = failures >= settings.failureThreshold || kind === "CANCELLED";
  state.consecutiveFailures = failures;
  state.lastFailedReason = kind;
  if (failing) {
    state.isFailing = true;
    state.failedReason = kind;
    if (!row.isFailing || row.failedReason !== kind) {
      writes.histories.push({
        id: crypto.randomUUID(),
        shipmentId: row.id,
        companyId: row.companyId,
        status: "failed",
        failedReason: kind,
        createdAt: now,
      });
      writes.activities.push(activity(row, TRACKING_ACTIVITY.failing, { reason: kind, failures }, now));
    }
  }
  const wrongNumber = WRONG_NUMBER_FAILURES.includes(kind) && failing;
  if (row.archivedAt === null && (kind === "CANCELLED" || wrongNumber)) {
    state.archivedAt = now;
    writes.activities.push(activity(row, TRACKING_ACTIVITY.autoArchived, { reason: kind }, now));
  }
}

function activity(
  row: LockedShipment,
  kind: string,
  params: Record<string, unknown>,
  now: Date,
): NewActivity {
  return { shipmentId: row.id, companyId: row.companyId, actorUserId: null, kind, params, createdAt: now };
}
