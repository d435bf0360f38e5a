import type { PositionRow, VesselIdentityUpdate } from "./ais.queries";
import { type AisEta, type AisMessage, isPositionReport } from "./ais.types";
import { normalizeImo, normalizeMmsi, normalizeVesselName } from "./vessel-identity";

// From decoded messages to the rows the database keeps. Receive time is the reference: AIS
// reports carry only the second of the minute, and the crew's ETA has no year.

/** When the position was taken: the last instant up to `receivedAt` at the reported UTC second. */
export function reportedAt(timestamp: number | null, receivedAt: Date): Date {
  if (timestamp === null) return receivedAt;
  const whole = Math.floor(receivedAt.getTime() / 1000) * 1000;
  const back = (new Date(whole).getUTCSeconds() - timestamp + 60) % 60;
  return new Date(whole - back * 1000);
}

/** The ETA in the year that puts it after the report (allowing a month late), or null. */
export function etaDate(eta: AisEta | null, receivedAt: Date): Date | null {
  if (!eta || eta.month === null || eta.day === null) return null;
  const { month, day } = eta;
  const at = (year: number) => {
    const date = new Date(Date.UTC(year, month - 1, day, eta.hour ?? 0, eta.minute ?? 0));
    return date.getUTCMonth() === month - 1 ? date : null; // 30 February and the like
  };
  const year = receivedAt.getUTCFullYear();
  const thisYear = at(year);
  if (!thisYear) return null;
  const monthAgo = receivedAt.getTime() - 31 * 24 * 3_600_000;
  return thisYear.getTime() >= monthAgo ? thisYear : at(year + 1);
}

export function positionRow(message: AisMessage, receivedAt: Date): PositionRow | null {
  if (!isPositionReport(message) || message.lat === null || message.lon === null) return null;
  const mmsi = normalizeMmsi(message.mmsi);
  if (!mmsi) return null;
  return {
    mmsi,
    lat: message.lat,
    lon: message.lon,
    sog: message.sog,
    cog: message.cog,
    heading: message.heading,
    reportedAt: reportedAt(message.timestamp, receivedAt),
  };
}

/** What a static message (or type 19) says about the vessel; null for plain position reports. */
export function identityUpdate(message: AisMessage, receivedAt: Date): VesselIdentityUpdate | null {
  const mmsi = normalizeMmsi(message.mmsi);
  if (!mmsi) return null;
  const base = { mmsi, updatedAt: receivedAt };
  if (message.type === 5 || message.type === 24) {
    return {
      ...base,
      imo: normalizeImo(message.imo),
      name: message.shipName,
      normalizedName: normalizeVesselName(message.shipName),
      callsign: message.callsign,
      shipType: message.shipType,
      destination: message.destination,
      draught: message.draught,
      eta: etaDate(message.eta, receivedAt),
    };
  }
  if (message.type === 19 && (message.shipName || message.shipType)) {
    const name = message.shipName ?? null;
    const none = { imo: null, callsign: null, destination: null, draught: null, eta: null };
    return {
      ...base,
      ...none,
      name,
      normalizedName: normalizeVesselName(name),
      shipType: message.shipType ?? null,
    };
  }
  return null;
}

/** Several updates of one MMSI in a batch as one: later values win, missing ones do not erase. */
export function mergeIdentity(into: VesselIdentityUpdate | undefined, next: VesselIdentityUpdate) {
  if (!into) return next;
  const pick = <K extends keyof VesselIdentityUpdate>(key: K) => next[key] ?? into[key];
  return {
    mmsi: next.mmsi,
    imo: pick("imo"),
    name: pick("name"),
    normalizedName: pick("normalizedName"),
    callsign: pick("callsign"),
    shipType: pick("shipType"),
    destination: pick("destination"),
    draught: pick("draught"),
    eta: pick("eta"),
    updatedAt: next.updatedAt,
  };
}
