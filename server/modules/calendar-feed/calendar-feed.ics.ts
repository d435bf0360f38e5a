import ical, { ICalEventTransparency } from "ical-generator";
import { type Language, SHIPPING_LINES, type TimeStatus } from "../../../shared/enums";
import { translate } from "../../../shared/i18n";
import { isKnownTimeZone } from "../../core/time-zones";
import { placeOf } from "../shipments/places";
import type { FeedShipmentRow } from "./calendar-feed.queries";

// The feed's text in iCalendar (RFC 5545), written by ical-generator. One VEVENT per ETD, ETA and
// place-of-delivery ETA, each with a UID fixed by shipment and kind, so a changed date moves the
// event in the subscriber's calendar instead of adding another (docs/decisions/0087-calendar-feed.md).
// The output depends only on the data: DTSTAMP is when the schedule was written, never "now", so
// an unchanged feed hashes to the same ETag poll after poll.

export const FEED_KINDS = ["etd", "eta", "placeOfDeliveryEta"] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

const UID_SLUG: Record<FeedKind, string> = { etd: "etd", eta: "eta", placeOfDeliveryEta: "pod-eta" };

const LOCALE: Record<Language, string> = { en: "en-US", ja: "ja-JP" };

export interface FeedRenderInput {
  lang: Language;
  appUrl: string;
  /** The calendar's display name (X-WR-CALNAME). */
  name: string;
  rows: readonly FeedShipmentRow[];
}

/** The UID of a shipment's event of one kind: the same for as long as the shipment exists. */
export function feedEventUid(appUrl: string, shipmentId: string, kind: FeedKind): string {
  return `${UID_SLUG[kind]}-${shipmentId}@${new URL(appUrl).hostname}`;
}

interface PlaceInfo {
  text: string;
  zone: string | null;
}

function placeInfo(lang: Language, locode: string | null, name: string | null): PlaceInfo | null {
  const place = placeOf(locode, name);
  if (!place) return null;
  const label = place.name ?? place.locode ?? translate(lang, "calendarFeed.feed.unknownPort");
  const text = place.locode
    ? translate(lang, "calendarFeed.feed.port", { name: label, locode: place.locode })
    : label;
  return { text, zone: validZone(place.timeZone) };
}

function validZone(zone: string | null): string | null {
  return zone && isKnownTimeZone(zone) ? zone : null;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and time of `at` in `zone`. */
function wallClock(at: Date, zone: string) {
  let format = partFormatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    partFormatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    midnight: parts.hour === "00" && parts.minute === "00" && parts.second === "00",
  };
}

const textFormatters = new Map<string, Intl.DateTimeFormat>();

function timeText(at: Date, lang: Language, zone: string, allDay: boolean): string {
  const key = `${lang}|${zone}|${allDay}`;
  let format = textFormatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE[lang], {
      timeZone: zone,
      year: "numeric",
      month: "short",
      day: "numeric",
      ...(allDay ? {} : { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" }),
    });
    textFormatters.set(key, format);
  }
  return format.format(at);
}

interface KindFacts {
  time: Date | null;
  status: TimeStatus | null;
  place: PlaceInfo | null;
}

function factsOf(lang: Language, row: FeedShipmentRow, kind: FeedKind): KindFacts {
  if (kind === "etd") {
    return {
      time: row.departureTime,
      status: row.departureTimeStatus,
      place: placeInfo(lang, row.loadingPortLocode, row.loadingPortName),
    };
  }
  if (kind === "eta") {
    return {
      time: row.arrivalTime,
      status: row.arrivalTimeStatus,
      place: placeInfo(lang, row.dischargingPortLocode, row.dischargingPortName),
    };
  }
  return {
    time: row.placeOfDeliveryEta,
    status: row.placeOfDeliveryEtaStatus,
    place: placeInfo(lang, row.placeOfDeliveryLocode, row.placeOfDeliveryName),
  };
}

/** The place of delivery is often the port of discharge at the same moment: one event says it. */
function repeatsEta(row: FeedShipmentRow): boolean {
  return (
    row.placeOfDeliveryEta !== null &&
    row.arrivalTime !== null &&
    row.placeOfDeliveryEta.getTime() === row.arrivalTime.getTime() &&
    (row.placeOfDeliveryLocode ?? row.placeOfDeliveryName) ===
      (row.dischargingPortLocode ?? row.dischargingPortName)
  );
}

function statusWord(lang: Language, status: TimeStatus | null): string | null {
  if (status === "ACTUAL" || status === "ESTIMATED")
    return translate(lang, `calendarFeed.feed.statuses.${status}`);
  return null;
}

const lineLabel = (code: string) => SHIPPING_LINES.find((l) => l.code === code)?.label ?? code;

export function renderCalendar(input: FeedRenderInput): string {
  const { lang, appUrl, rows } = input;
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(lang, `calendarFeed.feed.${key}`, params);
  const base = appUrl.replace(/\/+$/, "");
  const appName = translate(lang, "common.appName");
  const calendar = ical({
    name: input.name,
    description: t("description", { appName }),
    prodId: { company: "tracking", product: "calendar-feed", language: lang.toUpperCase() },
    // A hint to clients that honour it (Apple, Thunderbird): schedules change a few times a day.
    ttl: 60 * 60,
  });
  for (const row of rows) {
    const shipmentName = row.title?.trim() || row.trackingNumber;
    const url = `${base}/app/console/shipments/${row.id}`;
    const revisedAt = row.revisedAt ?? row.createdAt;
    const ports = {
      loading: placeInfo(lang, row.loadingPortLocode, row.loadingPortName),
      discharging: placeInfo(lang, row.dischargingPortLocode, row.dischargingPortName),
      delivery: placeInfo(lang, row.placeOfDeliveryLocode, row.placeOfDeliveryName),
    };
    for (const kind of FEED_KINDS) {
      const facts = factsOf(lang, row, kind);
      if (!facts.time) continue;
      if (kind === "placeOfDeliveryEta" && repeatsEta(row)) continue;
      const zone = facts.place?.zone ?? "UTC";
      const local = wallClock(facts.time, zone);
      // Carriers give a time of day; a time of exactly midnight at the port is a date without one.
      const allDay = local.midnight;
      const kindName = t(`kinds.${kind}`);
      const status = statusWord(lang, facts.status);
      const heading = status ? t("kindWithStatus", { kind: kindName, status }) : kindName;
      const summary = [heading, shipmentName, facts.place?.text].filter(Boolean).join(" · ");
      const description = [
        t("lines.shipment", { name: shipmentName }),
        t("lines.tracking", {
          line: lineLabel(row.shippingLine),
          type: translate(lang, `shipment.trackingTypes.${row.trackingType}`),
          number: row.trackingNumber,
        }),
        t("lines.time", {
          kind: kindName,
          time: timeText(facts.time, lang, zone, allDay),
          status: status ?? t("unknownStatus"),
        }),
        row.vesselVoyage ? t("lines.vessel", { vessel: row.vesselVoyage }) : null,
        ports.loading ? t("lines.loadingPort", { port: ports.loading.text }) : null,
        ports.discharging ? t("lines.dischargingPort", { port: ports.discharging.text }) : null,
        ports.delivery ? t("lines.placeOfDelivery", { port: ports.delivery.text }) : null,
        row.containerNumbers.length
          ? t("lines.containers", { containers: row.containerNumbers.join(", ") })
          : null,
        t("lines.open", { url }),
      ]
        .filter((line): line is string => line !== null)
        .join("\n");
      calendar.createEvent({
        id: feedEventUid(appUrl, row.id, kind),
        // All-day events are dates: ical-generator writes a Date's UTC calendar day.
        start: allDay ? new Date(Date.UTC(local.year, local.month - 1, local.day)) : facts.time,
        allDay,
        summary,
        description,
        location: facts.place?.text ?? null,
        url,
        stamp: revisedAt,
        lastModified: revisedAt,
        // An arrival is not a meeting: it never makes the subscriber look busy.
        transparency: ICalEventTransparency.TRANSPARENT,
      });
    }
  }
  return calendar.toString();
}
