import { z } from "zod";
import { CHANGE_RECORDS_JOB_OPTIONS } from "../../jobs/define";
import { defineEvent } from "../../jobs/events";

/**
 * A refresh wrote change records for a shipment (its schedule, route, vessels or delivery moved).
 * Emitted once per changed shipment per refresh, in the refresh's transaction, so a refresh that
 * rolls back emits nothing; it names the new history and the change records it wrote.
 *
 * The tracking module knows none of the modules that react (e-mail notifications, webhooks, live
 * updates). To react, a module imports only this definition and, next to its own job:
 *
 * ```ts
 * // server/modules/<yours>/<yours>.jobs.ts
 * export const yourJob = defineJob({ name: "<yours>.shipment-changed", payload: z.object({ historyId: z.uuid() }), ... });
 * export const onShipmentChanged = subscribe(shipmentChanged, yourJob, (e) => ({ historyId: e.historyId }));
 * ```
 *
 * and adds `onShipmentChanged` to `eventSubscriptions` in server/jobs/registry.ts. Each event then
 * becomes one job of yours, with your queue's own retries; make its handler idempotent (an event
 * can be handed on twice after a crash). See docs/decisions/0078-shipment-changed-event.md.
 */
export const shipmentChanged = defineEvent({
  name: "tracking.shipment-changed",
  payload: z.object({
    shipmentId: z.uuid(),
    companyId: z.uuid(),
    teamId: z.uuid(),
    historyId: z.uuid(),
    changeIds: z.array(z.uuid()).min(1),
  }),
  options: CHANGE_RECORDS_JOB_OPTIONS,
});

export type ShipmentChanged = z.output<typeof shipmentChanged.payload>;
