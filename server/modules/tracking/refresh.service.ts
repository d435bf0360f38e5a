import { setTimeout as sleep } from "node:timers/promises";
import type { ShippingLine } from "../../../shared/enums";
import { requireSystem } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { refreshOutcomes } from "../../core/metrics";
import { updateAis } from "../ais/ais.service";
import type { CarrierClient } from "../carriers/carriers.client";
import type { TrackingFailure, TrackingResult } from "../carriers/carriers.types";
import { reserveCarrierRequests } from "./refresh/carrier-throttle";
import { type ApplyItem, applyRefreshResults } from "./refresh/refresh-apply";
import type { TrackingSettings } from "./tracking.config";
import { TRANSIENT_FAILURES } from "./tracking.constants";
import { portCoordinates } from "./tracking.internal";
import { type FetchTarget, markFetching, setQueueStatus } from "./tracking.queries";

// The refresh job of every line's queue: one batch of shipments fetched from the carrier at once,
// their results written in one transaction. The same function runs in the worker and in tests.

export interface RefreshJob {
  id: string;
  shipmentId: string;
  retryCount: number;
  retryLimit: number;
}

export interface RefreshOutcome {
  id: string;
  status: "completed" | "failed";
  output?: object;
}

export interface RefreshRuntime {
  carriers: CarrierClient;
  tracking: TrackingSettings;
}

export interface RefreshSummary {
  outcomes: RefreshOutcome[];
  succeeded: number;
  failed: number;
  retrying: number;
  newHistories: number;
}

/** The adapter answers instead of throwing; a throw anyway is a bug there, not the carrier's state. */
async function fetchOne(carriers: CarrierClient, t: FetchTarget): Promise<TrackingResult> {
  try {
    return await carriers.fetchTracking(t.shippingLine, t.trackingType, t.trackingNumber);
  } catch (err) {
    const failure: TrackingFailure = {
      kind: "CARRIER_UNAVAILABLE",
      message: `adapter error: ${String(err)}`,
    };
    return { ok: false, failure };
  }
}

/** The longest a reservation may reach ahead, and the longest a batch waits for one (job expiry is 5 min). */
const PACE_MAX_WAIT_MS = 30_000;
const PACE_BUDGET_MS = 120_000;

/**
 * Books each line's shared request quota for the batch and says when each request may go: the
 * reservation's wait is the last request's, and each earlier one goes a spacing sooner (never
 * before now), so a batch larger than the quota's burst sends the burst at once and the rest at
 * the line's rate instead of all of them together after the last one's wait. Null when the quota
 * is booked further ahead than the batch may wait: it goes back to the queue instead.
 */
async function pace(
  ctx: ServiceContext,
  targets: FetchTarget[],
  settings: TrackingSettings,
  budgetMs: number,
): Promise<number[] | null> {
  const perLine = new Map<ShippingLine, number>();
  for (const t of targets) perLine.set(t.shippingLine, (perLine.get(t.shippingLine) ?? 0) + 1);
  const started = performance.now();
  const lastWait = new Map<ShippingLine, number>();
  for (const [line, count] of perLine) {
    const rate = settings.lines[line].ratePerMinute;
    for (;;) {
      const r = await reserveCarrierRequests(ctx.db, line, count, rate, PACE_MAX_WAIT_MS);
      if (r.reserved) {
        lastWait.set(line, r.waitMs);
        break;
      }
      if (performance.now() - started + r.retryInMs > budgetMs) return null;
      await sleep(Math.min(r.retryInMs, PACE_MAX_WAIT_MS));
    }
  }
  // Reserving took time of its own: the waits count from when each was booked, near enough.
  const left = new Map(perLine);
  return targets.map((t) => {
    const behind = (left.get(t.shippingLine) ?? 1) - 1;
    left.set(t.shippingLine, behind);
    const rate = settings.lines[t.shippingLine].ratePerMinute;
    const spacing = rate > 0 ? 60_000 / rate : 0;
    return Math.max(0, (lastWait.get(t.shippingLine) ?? 0) - behind * spacing);
  });
}

/** The carrier's answer once the request's turn in the line's quota has come. */
async function fetchAfter(carriers: CarrierClient, t: FetchTarget, waitMs: number): Promise<TrackingResult> {
  if (waitMs > 0) await sleep(waitMs);
  return fetchOne(carriers, t);
}

export async function refreshShipments(
  ctx: ServiceContext,
  jobs: RefreshJob[],
  runtime: RefreshRuntime,
  options: { paceBudgetMs?: number } = {},
): Promise<RefreshSummary> {
  requireSystem(ctx);
  const ids = [...new Set(jobs.map((j) => j.shipmentId))];
  const targets = ids.length ? await markFetching(ctx.db, ids) : [];
  // Archived (or deleted) since queued: not fetched, and no longer waiting.
  const fetching = new Set(targets.map((t) => t.id));
  await setQueueStatus(
    ctx.db,
    ids.filter((id) => !fetching.has(id)),
    "SLEEPING",
  );

  // A job is the last try when pg-boss will not run it again; a shipment's jobs share one fetch.
  const lastTry = new Map<string, boolean>();
  for (const j of jobs)
    lastTry.set(j.shipmentId, (lastTry.get(j.shipmentId) ?? false) || j.retryCount >= j.retryLimit);

  const budget = options.paceBudgetMs ?? PACE_BUDGET_MS;
  const waits = await pace(ctx, targets, runtime.tracking, budget);
  if (!waits) return giveBack(ctx, jobs, targets, lastTry);
  const results = await Promise.all(targets.map((t, i) => fetchAfter(runtime.carriers, t, waits[i] ?? 0)));
  const apply: ApplyItem[] = [];
  const retrying = new Set<string>();
  targets.forEach((t, i) => {
    const result = results[i] as TrackingResult;
    if (!result.ok && TRANSIENT_FAILURES.includes(result.failure.kind) && !lastTry.get(t.id)) {
      retrying.add(t.id);
      ctx.log.debug({ shipmentId: t.id, failure: result.failure }, "refresh will be retried");
    } else {
      apply.push({ shipmentId: t.id, result });
    }
  });

  const applied = await ctx.tx((tx) => applyRefreshResults(tx, apply, runtime.tracking));
  await setQueueStatus(ctx.db, [...retrying], "WAITING");
  targets.forEach((t, i) => {
    countOutcome(t.shippingLine, results[i] as TrackingResult, retrying.has(t.id));
  });
  const succeeded = apply.filter((a) => a.result.ok).map((a) => a.shipmentId);
  await positionsFor(ctx, succeeded);

  const outcomes = jobs.map((j): RefreshOutcome => {
    if (retrying.has(j.shipmentId)) {
      const index = targets.findIndex((t) => t.id === j.shipmentId);
      const failure = (results[index] as Extract<TrackingResult, { ok: false }>).failure;
      return { id: j.id, status: "failed", output: { failure } };
    }
    return { id: j.id, status: "completed", output: applied.outcomes.get(j.shipmentId) ?? { skipped: true } };
  });
  return {
    outcomes,
    succeeded: succeeded.length,
    failed: apply.length - succeeded.length,
    retrying: retrying.size,
    newHistories: applied.newHistories,
  };
}

/** One counter increment per fetched shipment, after its result is committed (no SQL). */
function countOutcome(line: ShippingLine, result: TrackingResult, retrying: boolean) {
  if (result.ok) refreshOutcomes.inc({ line, outcome: "succeeded", kind: "" });
  else refreshOutcomes.inc({ line, outcome: retrying ? "retrying" : "failed", kind: result.failure.kind });
}

/**
 * The carrier's quota is booked too far ahead: nothing is fetched. Jobs with retries left go back
 * to pg-boss (its backoff spreads them); a last try ends here and the next scheduled refresh comes.
 */
async function giveBack(
  ctx: ServiceContext,
  jobs: RefreshJob[],
  targets: FetchTarget[],
  lastTry: Map<string, boolean>,
): Promise<RefreshSummary> {
  const again = targets.filter((t) => !lastTry.get(t.id)).map((t) => t.id);
  await setQueueStatus(ctx.db, again, "WAITING");
  await setQueueStatus(
    ctx.db,
    targets.filter((t) => lastTry.get(t.id)).map((t) => t.id),
    "SLEEPING",
  );
  ctx.log.warn({ shipments: targets.length }, "carrier quota booked ahead: refreshes deferred");
  const retry = new Set(again);
  const outcomes = jobs.map(
    (j): RefreshOutcome =>
      retry.has(j.shipmentId)
        ? { id: j.id, status: "failed", output: { deferred: "carrier quota" } }
        : { id: j.id, status: "completed", output: { skipped: true } },
  );
  return { outcomes, succeeded: 0, failed: 0, retrying: again.length, newHistories: 0 };
}

/**
 * The vessel a refreshed shipment sails on may already be heard over AIS: position and predicted
 * arrival follow at once rather than at the next ingest. Best effort: the refresh stands without it.
 */
async function positionsFor(ctx: ServiceContext, shipmentIds: string[]) {
  if (shipmentIds.length === 0) return;
  try {
    await updateAis(ctx, { portCoordinates, shipmentIds });
  } catch (err) {
    ctx.log.warn({ err }, "vessel positions not updated after refresh");
  }
}
