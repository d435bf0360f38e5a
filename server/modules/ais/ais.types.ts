// What the AIS decoder gives out: one object per decoded message, or a typed error. Units are the
// usual ones (degrees, knots, metres); a field the vessel reports as "not available" is null.

export type AisErrorCode =
  /** The *hh checksum does not match the sentence. */
  | "BAD_CHECKSUM"
  /** Not a well-formed AIVDM/AIVDO sentence, or a payload too short or not armored. */
  | "MALFORMED"
  /** An NMEA sentence other than VDM/VDO (e.g. $GPGGA on a mixed feed). */
  | "UNSUPPORTED_SENTENCE"
  /** A well-formed AIS message of a type this product does not use (e.g. 4, base station). */
  | "UNSUPPORTED_TYPE"
  /** A multi-sentence message that never completed (a fragment lost, timed out or overtaken). */
  | "INCOMPLETE";

export interface AisDecodeError {
  code: AisErrorCode;
  reason: string;
  /** The sentence the error is about, when there is one. */
  sentence?: string;
}

export interface AisDimensions {
  /** Metres from the GNSS antenna to bow, stern, port and starboard. */
  toBow: number;
  toStern: number;
  toPort: number;
  toStarboard: number;
}

/** Month/day/hour/minute in UTC as the crew typed it; AIS has no year. */
export interface AisEta {
  month: number | null;
  day: number | null;
  hour: number | null;
  minute: number | null;
}

export type AisPositionType = 1 | 2 | 3 | 18 | 19;
export type AisStaticType = 5 | 24;

export interface AisPositionReport {
  type: AisPositionType;
  mmsi: number;
  lat: number | null;
  lon: number | null;
  /** Speed over ground, knots (102.2 means 102.2 or more). */
  sog: number | null;
  /** Course over ground, degrees. */
  cog: number | null;
  /** True heading, degrees. */
  heading: number | null;
  /** True when the position is accurate to better than 10 m (DGNSS). */
  accuracy: boolean;
  /** Second of the UTC minute the position was taken, when the unit reports it. */
  timestamp: number | null;
  /** Class A only (types 1 to 3): 0 under way using engine, 1 at anchor, 5 moored, ... 15 undefined. */
  navStatus?: number;
  /** Class A only: rate of turn, degrees per minute (null when no turn indicator). */
  rot?: number | null;
  /** Type 19 carries the static data of a Class B unit along with its position. */
  shipName?: string | null;
  shipType?: number | null;
  dimensions?: AisDimensions | null;
}

export interface AisStaticReport {
  type: AisStaticType;
  mmsi: number;
  /** Type 24 comes in two parts: A carries the name, B the type, call sign and dimensions. */
  part?: "A" | "B";
  imo: number | null;
  callsign: string | null;
  shipName: string | null;
  shipType: number | null;
  destination: string | null;
  /** Metres. */
  draught: number | null;
  eta: AisEta | null;
  dimensions: AisDimensions | null;
  /** Type 24 part B: the manufacturer's id. */
  vendorId?: string | null;
}

export type AisMessage = AisPositionReport | AisStaticReport;

export type AisResult = { ok: true; message: AisMessage } | { ok: false; error: AisDecodeError };

export function isPositionReport(message: AisMessage): message is AisPositionReport {
  return message.type !== 5 && message.type !== 24;
}
