import type { Language, ShippingLine, TrackingType } from "../../../shared/enums";
import { translate } from "../../../shared/i18n";
import type { ChangeRecord } from "./notify.filter";
import {
  formatTime,
  legText,
  type PlaceText,
  placeFromValue,
  placeText,
  shiftText,
  type TimeValue,
  timeValueOf,
  vesselsText,
} from "./notify.format";

// The content of one notification e-mail, in the recipient's language and time zone, before it is
// laid out as HTML and plain text (notify.render.ts).

export interface ShipmentFacts {
  id: string;
  companyId: string;
  title: string | null;
  trackingNumber: string;
  trackingType: TrackingType;
  shippingLine: ShippingLine;
  remark: string | null;
  customFields: [string | null, string | null, string | null];
  delayDays: number | null;
  loadingPort: { locode: string | null; name: string | null };
  dischargingPort: { locode: string | null; name: string | null };
  placeOfDelivery: { locode: string | null; name: string | null };
  departure: TimeValue;
  arrival: TimeValue;
  placeOfDeliveryEta: TimeValue;
  vessels: { vesselName: string | null; voyage: string | null }[];
}

/** The team's custom fields that the plan allows and the team has switched on, by number. */
export type CustomFieldNames = [string | null, string | null, string | null];

export interface RecipientFacts {
  language: Language;
  timeZone: string | null;
  includesRemarkToEmail: boolean;
  includesCustomField1ToEmail: boolean;
  includesCustomField2ToEmail: boolean;
  includesCustomField3ToEmail: boolean;
}

export interface MessageLinks {
  shipmentUrl: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}

export interface ChangeRow {
  label: string;
  before: string;
  after: string;
  note: string | null;
}

export interface MessageModel {
  lang: Language;
  subject: string;
  intro: string;
  notes: string[];
  changes: ChangeRow[];
  details: { label: string; value: string }[];
  links: MessageLinks;
  openLabel: string;
  unsubscribeLabel: string;
  why: string;
  footer: string;
}

export function shipmentName(facts: Pick<ShipmentFacts, "title" | "trackingNumber">): string {
  const title = facts.title?.trim();
  return title ? `${title} (${facts.trackingNumber})` : facts.trackingNumber;
}

interface Places {
  pol: PlaceText;
  pod: PlaceText;
  delivery: PlaceText;
}

function placesOf(facts: ShipmentFacts, lang: Language): Places {
  return {
    pol: placeText(facts.loadingPort.locode, facts.loadingPort.name, lang),
    pod: placeText(facts.dischargingPort.locode, facts.dischargingPort.name, lang),
    delivery: placeText(facts.placeOfDelivery.locode, facts.placeOfDelivery.name, lang),
  };
}

function changeRow(change: ChangeRecord, places: Places, r: RecipientFacts): ChangeRow {
  const lang = r.language;
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(lang, `notifications.message.${key}`, params);
  const timeRow = (label: string, zone: string | null): ChangeRow => {
    const before = timeValueOf(change.oldValue);
    const after = timeValueOf(change.newValue);
    return {
      label,
      before: formatTime(before, lang, r.timeZone, zone),
      after: formatTime(after, lang, r.timeZone, zone),
      note: shiftText(before, after, lang),
    };
  };
  switch (change.kind) {
    case "ETD":
      return timeRow(t("etd", { port: places.pol.name }), places.pol.zone);
    case "ETA":
      return timeRow(t("eta", { port: places.pod.name }), places.pod.zone);
    case "PLACE_OF_DELIVERY_ETA": {
      const named = typeof change.newValue?.place === "string" ? change.newValue.place : null;
      const place = named ? { ...places.delivery, name: named } : places.delivery;
      return timeRow(t("placeOfDeliveryEta", { port: place.name }), place.zone);
    }
    case "VESSEL":
      return {
        label: t("vessel"),
        before: vesselsText(change.oldValue, lang),
        after: vesselsText(change.newValue, lang),
        note: null,
      };
    default: {
      const port = placeFromValue(change.newValue?.loadingPort, lang);
      const departure = timeValueOf(
        (change.newValue?.departure as Record<string, unknown> | undefined) ?? null,
      );
      return {
        label: t("transhipment", { port: port.name }),
        before: change.oldValue ? legText(change.oldValue, lang) : t("noVessel"),
        after: t("transhipped", {
          vessel: legText(change.newValue ?? {}, lang),
          time: formatTime(departure, lang, r.timeZone, port.zone),
        }),
        note: null,
      };
    }
  }
}

function details(
  facts: ShipmentFacts,
  places: Places,
  r: RecipientFacts,
  customFieldNames: CustomFieldNames,
): MessageModel["details"] {
  const lang = r.language;
  const field = (key: string) => translate(lang, `shipment.fields.${key}`);
  const rows: MessageModel["details"] = [
    {
      label: field("trackingNumber"),
      value: `${translate(lang, `shipment.trackingTypes.${facts.trackingType}`)} ${facts.trackingNumber}`,
    },
    { label: translate(lang, "notifications.message.liner"), value: facts.shippingLine },
  ];
  if (facts.title?.trim()) rows.unshift({ label: field("title"), value: facts.title.trim() });
  rows.push(
    { label: field("loadingPort"), value: places.pol.name },
    { label: field("dischargingPort"), value: places.pod.name },
  );
  // The delivery place and its ETA are their own lines only where delivery is inland of the port.
  const inland =
    (facts.placeOfDelivery.locode || facts.placeOfDelivery.name) &&
    (facts.placeOfDelivery.locode ?? facts.placeOfDelivery.name) !==
      (facts.dischargingPort.locode ?? facts.dischargingPort.name);
  if (inland) rows.push({ label: field("placeOfDelivery"), value: places.delivery.name });
  rows.push(
    {
      label: field("vesselVoyage"),
      value: vesselsText({ vessels: facts.vessels }, lang),
    },
    { label: field("departureTime"), value: formatTime(facts.departure, lang, r.timeZone, places.pol.zone) },
    { label: field("arrivalTime"), value: formatTime(facts.arrival, lang, r.timeZone, places.pod.zone) },
  );
  if (inland && facts.placeOfDeliveryEta.time)
    rows.push({
      label: field("placeOfDeliveryEta"),
      value: formatTime(facts.placeOfDeliveryEta, lang, r.timeZone, places.delivery.zone),
    });
  if (facts.delayDays !== null && facts.delayDays !== 0)
    rows.push({
      label: translate(lang, "notifications.message.delay"),
      value: translate(lang, "shipment.delayDays", { count: facts.delayDays }),
    });
  if (r.includesRemarkToEmail && facts.remark?.trim())
    rows.push({ label: field("remark"), value: facts.remark.trim() });
  const wanted = [
    r.includesCustomField1ToEmail,
    r.includesCustomField2ToEmail,
    r.includesCustomField3ToEmail,
  ];
  customFieldNames.forEach((name, i) => {
    const value = facts.customFields[i]?.trim();
    if (name && wanted[i] && value) rows.push({ label: name, value });
  });
  return rows;
}

function frame(
  r: RecipientFacts,
  links: MessageLinks,
): Pick<MessageModel, "lang" | "links" | "openLabel" | "unsubscribeLabel" | "why" | "footer"> {
  const lang = r.language;
  const appName = translate(lang, "common.appName");
  return {
    lang,
    links,
    openLabel: translate(lang, "notifications.message.open"),
    unsubscribeLabel: translate(lang, "notifications.message.unsubscribe"),
    why: translate(lang, "notifications.message.why", { appName, settingsUrl: links.settingsUrl }),
    footer: translate(lang, "mail.layout.footer", { appName }),
  };
}

/** A header: user-given titles must not break it into several lines. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, " ");

/** The schedule-change e-mail: one refresh's changes the recipient wants, and the shipment as it is now. */
export function composeChangeMessage(
  facts: ShipmentFacts,
  changes: readonly ChangeRecord[],
  r: RecipientFacts,
  links: MessageLinks,
  customFieldNames: CustomFieldNames,
): MessageModel {
  const lang = r.language;
  const name = shipmentName(facts);
  const places = placesOf(facts, lang);
  return {
    ...frame(r, links),
    subject: oneLine(translate(lang, "notifications.message.changeSubject", { name })),
    intro: translate(lang, "notifications.message.changeIntro", { name }),
    notes: [],
    changes: changes.map((c) => changeRow(c, places, r)),
    details: details(facts, places, r, customFieldNames),
  };
}

/** The completion e-mail: arrived at the port of discharge, or delivered, with the auto-archive note. */
export function composeCompletionMessage(
  facts: ShipmentFacts,
  kind: "ARRIVAL" | "DELIVERY",
  r: RecipientFacts,
  links: MessageLinks,
  customFieldNames: CustomFieldNames,
): MessageModel {
  const lang = r.language;
  const name = shipmentName(facts);
  const places = placesOf(facts, lang);
  const place = kind === "DELIVERY" && facts.placeOfDelivery.name ? places.delivery : places.pod;
  return {
    ...frame(r, links),
    subject: oneLine(translate(lang, "notifications.message.completionSubject", { name })),
    intro: translate(
      lang,
      kind === "DELIVERY" ? "notifications.message.deliveredIntro" : "notifications.message.arrivedIntro",
      { name, place: place.name },
    ),
    notes: [translate(lang, "notifications.message.completionArchive")],
    changes: [],
    details: details(facts, places, r, customFieldNames),
  };
}
