import { z } from "zod";
import { planAllows } from "../../../shared/permissions";
import { parseNotificationEmails } from "../../../shared/schemas/notifications";
import { requireSystem } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { loadStanding } from "../../core/standing";
import { queueRenderedEmailsOnce, type RenderedEmail } from "../mail/mail.internal";
import { notificationLinks } from "./notifications.links";
import {
  type CustomFieldNames,
  composeChangeMessage,
  composeCompletionMessage,
  type MessageModel,
  type ShipmentFacts,
} from "./notify.compose";
import { type ChangeRecord, changesFor } from "./notify.filter";
import { placeText } from "./notify.format";
import {
  changesOfHistory,
  historyWithVessels,
  shipmentForNotification,
  subscribersOf,
  unsubscribeTokensFor,
} from "./notify.queries";
import { renderNotificationHtml, renderNotificationText } from "./notify.render";

// From the change records of one refresh (one new history of one shipment) to one e-mail per
// subscribed user, and the completion e-mail on arrival or delivery. Every message carries a dedupe
// key (recipient, shipment, change), so a job run twice or retried after a crash queues one outbox
// row; the outbox delivers it at least once, with one Message-ID (decision record on the mail lease).

export interface NotifyResult {
  /** Messages written to the outbox by this run (0 when an earlier run already wrote them). */
  queued: number;
  /** Messages due, whether written now or before. */
  due: number;
}

const Address = z.email();

function addressesOf(notificationEmail: string): string[] {
  return parseNotificationEmails(notificationEmail).filter((a) => Address.safeParse(a).success);
}

type Loaded = NonNullable<Awaited<ReturnType<typeof shipmentForNotification>>>;
type HistoryLoaded = NonNullable<Awaited<ReturnType<typeof historyWithVessels>>>;

function factsOf(row: Loaded, loaded: HistoryLoaded): ShipmentFacts {
  const { shipment } = row;
  const h = loaded.history;
  return {
    id: shipment.id,
    companyId: shipment.companyId,
    title: shipment.title,
    trackingNumber: shipment.trackingNumber,
    trackingType: shipment.trackingType,
    shippingLine: shipment.shippingLine,
    remark: shipment.remark,
    customFields: [shipment.customField1, shipment.customField2, shipment.customField3],
    delayDays: shipment.delayDays,
    loadingPort: { locode: h.loadingPortLocode, name: h.loadingPortName },
    dischargingPort: { locode: h.dischargingPortLocode, name: h.dischargingPortName },
    placeOfDelivery: { locode: h.placeOfDeliveryLocode, name: h.placeOfDeliveryName },
    departure: { time: h.departureTime?.toISOString() ?? null, status: h.departureTimeStatus },
    arrival: { time: h.arrivalTime?.toISOString() ?? null, status: h.arrivalTimeStatus },
    placeOfDeliveryEta: {
      time: h.placeOfDeliveryEta?.toISOString() ?? null,
      status: h.placeOfDeliveryEtaStatus,
    },
    vessels: loaded.vessels,
  };
}

/**
 * Arrival completes a shipment delivered at its port of discharge; with an inland place of
 * delivery, the delivery does.
 */
function completionOf(
  changes: readonly ChangeRecord[],
  h: HistoryLoaded["history"],
): "ARRIVAL" | "DELIVERY" | null {
  if (changes.some((c) => c.kind === "DELIVERY")) return "DELIVERY";
  if (!changes.some((c) => c.kind === "ARRIVAL")) return null;
  const delivery = h.placeOfDeliveryLocode ?? h.placeOfDeliveryName?.trim().toUpperCase() ?? null;
  const discharge = h.dischargingPortLocode ?? h.dischargingPortName?.trim().toUpperCase() ?? null;
  return delivery === null || delivery === discharge ? "ARRIVAL" : null;
}

function customFieldNames(team: Loaded["team"], allowed: boolean): CustomFieldNames {
  if (!allowed) return [null, null, null];
  return [
    team.customField1Enabled ? team.customField1Name?.trim() || null : null,
    team.customField2Enabled ? team.customField2Name?.trim() || null : null,
    team.customField3Enabled ? team.customField3Name?.trim() || null : null,
  ];
}

function email(
  m: MessageModel,
  to: string[],
  companyId: string,
  dedupeKey: string,
  oneClickUrl: string,
  template: string,
): RenderedEmail {
  return {
    to,
    subject: m.subject,
    text: renderNotificationText(m),
    html: renderNotificationHtml(m),
    template,
    lang: m.lang,
    companyId,
    dedupeKey,
    headers: {
      "List-Unsubscribe": `<${oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

export async function notifyShipmentChanges(
  ctx: ServiceContext,
  historyId: string,
  appUrl: string,
): Promise<NotifyResult> {
  requireSystem(ctx);
  const rows = await changesOfHistory(ctx.db, historyId);
  const changes: ChangeRecord[] = rows.map((c) => ({
    id: c.id,
    kind: c.kind,
    oldValue: c.oldValue as ChangeRecord["oldValue"],
    newValue: c.newValue as ChangeRecord["newValue"],
  }));
  const first = rows[0];
  if (!first) return { queued: 0, due: 0 };
  const row = await shipmentForNotification(ctx.db, first.shipmentId, first.companyId);
  const loaded = await historyWithVessels(ctx.db, historyId, first.companyId);
  if (!row || !loaded) return { queued: 0, due: 0 };
  // Judged now, not from the status the daily job stores: a trial that ended an hour ago is over.
  const standing = await loadStanding(ctx.db, first.companyId, ctx.clock.now());
  const plan = standing.plan;
  const headquarters = row.isHeadquarterEnabled && planAllows(plan, "headquarters.view");
  const subscribers = await subscribersOf(ctx.db, row.shipment, headquarters);
  if (subscribers.length === 0) return { queued: 0, due: 0 };

  const facts = factsOf(row, loaded);
  const fields = customFieldNames(row.team, planAllows(plan, "customFields"));
  // Spec 02 §4: a CHURN company (trial over) gets no schedule-change e-mail.
  const scheduleMail = standing.contractStatus !== "CHURN";
  const completion = completionOf(changes, loaded.history);
  const zones = {
    ETD: placeText(facts.loadingPort.locode, facts.loadingPort.name, "en").zone,
    ETA: placeText(facts.dischargingPort.locode, facts.dischargingPort.name, "en").zone,
    PLACE_OF_DELIVERY_ETA: placeText(facts.placeOfDelivery.locode, facts.placeOfDelivery.name, "en").zone,
  };
  const legs = loaded.vessels.length;

  return ctx.tx(async (tx) => {
    const tokens = await unsubscribeTokensFor(
      tx.db,
      row.shipment,
      subscribers.map((s) => s.userId),
    );
    const messages: RenderedEmail[] = [];
    for (const s of subscribers) {
      const to = addressesOf(s.notificationEmail);
      const token = tokens.get(s.userId);
      if (to.length === 0 || !token) continue;
      const links = notificationLinks(appUrl, facts.id, token);
      const mine = scheduleMail ? changesFor(changes, s, { legs, zones }) : [];
      if (mine.length > 0) {
        const m = composeChangeMessage(facts, mine, s, links, fields);
        const key = `notification:change:${historyId}:${s.userId}`;
        messages.push(email(m, to, facts.companyId, key, links.oneClickUrl, "notificationChange"));
      }
      if (completion && s.isCompletionEmailEnabled) {
        const m = composeCompletionMessage(facts, completion, s, links, fields);
        const key = `notification:completion:${facts.id}:${s.userId}`;
        messages.push(email(m, to, facts.companyId, key, links.oneClickUrl, "notificationCompletion"));
      }
    }
    const queued = await queueRenderedEmailsOnce(tx, messages);
    return { queued, due: messages.length };
  });
}
