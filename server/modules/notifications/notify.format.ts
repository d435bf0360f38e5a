import type { Language, TimeStatus } from "../../../shared/enums";
import { translate } from "../../../shared/i18n";
import { isKnownTimeZone } from "../../core/time-zones";
import { placeOf } from "../shipments/places";

// How a notification e-mail writes times and places: in the recipient's zone, with the port's
// local time beside it where the two differ, and the carrier's ACTUAL/ESTIMATED word.

const LOCALE: Record<Language, string> = { en: "en-US", ja: "ja-JP" };

export interface PlaceText {
  name: string;
  zone: string | null;
}

const LOCODE = /^[A-Z]{2}[A-Z0-9]{3}$/;

/** A stored place (UN/LOCODE and name) as e-mails name it, with its time zone when the port is known. */
export function placeText(locode: string | null, name: string | null, lang: Language): PlaceText {
  const place = placeOf(locode, name);
  return {
    name: place?.name ?? translate(lang, "notifications.message.unknownPort"),
    zone: place?.timeZone ?? null,
  };
}

/** Change records keep a leg's port as its UN/LOCODE when it has one, else the carrier's name. */
export function placeFromValue(value: unknown, lang: Language): PlaceText {
  const text = typeof value === "string" ? value : null;
  return text !== null && LOCODE.test(text) ? placeText(text, null, lang) : placeText(null, text, lang);
}

// Building an Intl formatter costs far more than formatting with one: a refresh wave renders
// thousands of e-mails in a handful of zones, so formatters are kept per language and zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A zone Intl accepts; anything else (a stale setting) falls back to UTC rather than failing the mail. */
export function safeZone(zone: string | null | undefined): string {
  return zone && isKnownTimeZone(zone) ? zone : "UTC";
}

function clock(at: Date, lang: Language, zone: string): string {
  const key = `${lang}|${zone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE[lang], {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: zone,
      timeZoneName: "short",
    });
    formatters.set(key, format);
  }
  return format.format(at);
}

export interface TimeValue {
  time: string | null;
  status: TimeStatus | null;
}

export function timeValueOf(value: Record<string, unknown> | null | undefined): TimeValue {
  const time = typeof value?.time === "string" ? value.time : null;
  const status = typeof value?.status === "string" ? (value.status as TimeStatus) : null;
  return { time, status };
}

/** "Mar 3, 2026, 17:00 GMT+9 (Mar 3, 2026, 16:00 GMT+8 local) · Estimated". */
export function formatTime(
  value: TimeValue,
  lang: Language,
  recipientZone: string | null,
  portZone: string | null,
): string {
  if (value.time === null) return translate(lang, "notifications.message.noTime");
  const at = new Date(value.time);
  if (Number.isNaN(at.getTime())) return translate(lang, "notifications.message.noTime");
  const mine = safeZone(recipientZone);
  const text = clock(at, lang, mine);
  const port = portZone ? safeZone(portZone) : null;
  const local = port && port !== mine ? clock(at, lang, port) : text;
  const withLocal =
    local === text
      ? text
      : `${text} (${translate(lang, "notifications.message.portLocal", { time: local })})`;
  return value.status
    ? `${withLocal} · ${translate(lang, `shipment.timeStatuses.${value.status}`)}`
    : withLocal;
}

const HOUR_MS = 3_600_000;

/** "2 days later", "5 hours earlier": days from 24 hours on, rounded; null when either side is missing. */
export function shiftText(before: TimeValue, after: TimeValue, lang: Language): string | null {
  if (before.time === null || after.time === null) return null;
  const ms = new Date(after.time).getTime() - new Date(before.time).getTime();
  if (!Number.isFinite(ms) || ms === 0) return null;
  const hours = Math.abs(ms) / HOUR_MS;
  const amount =
    hours >= 24
      ? translate(lang, "notifications.message.days", { count: Math.round(hours / 24) })
      : translate(lang, "notifications.message.hours", { count: Math.max(1, Math.round(hours)) });
  return translate(lang, ms > 0 ? "notifications.message.later" : "notifications.message.earlier", {
    amount,
  });
}

export interface LegText {
  vesselName?: unknown;
  voyage?: unknown;
}

export function legText(leg: LegText, lang: Language): string {
  const name = typeof leg.vesselName === "string" && leg.vesselName.trim() !== "" ? leg.vesselName : null;
  const voyage = typeof leg.voyage === "string" && leg.voyage.trim() !== "" ? leg.voyage : null;
  if (!name && !voyage) return translate(lang, "notifications.message.noVessel");
  return [name, voyage].filter(Boolean).join(" / ");
}

/** The vessels of a voyage in order: "EVER GIVEN / 123W > MSC ANNA / 45E". */
export function vesselsText(value: Record<string, unknown> | null, lang: Language): string {
  const vessels = Array.isArray(value?.vessels) ? (value.vessels as LegText[]) : [];
  if (vessels.length === 0) return translate(lang, "notifications.message.noVessel");
  return vessels.map((leg) => legText(leg, lang)).join(" > ");
}
