import type { AisDimensions, AisEta, AisPositionReport, AisResult, AisStaticReport } from "../ais.types";
import { BitReader } from "./sixbit";

// Bit layouts of the message types the product uses, from ITU-R M.1371-5 (tables of messages 1-3,
// 5, 18, 19 and 24). Offsets are in bits from the start of the message.

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function malformed(reason: string): AisResult {
  return { ok: false, error: { code: "MALFORMED", reason } };
}

/** Longitude and latitude in 1/10 000 minute; 181 and 91 degrees mean "not available". */
function position(bits: BitReader, lonAt: number, latAt: number) {
  const lon = bits.int(lonAt, 28) / 600_000;
  const lat = bits.int(latAt, 27) / 600_000;
  const valid = Math.abs(lon) <= 180 && Math.abs(lat) <= 90;
  return { lat: valid ? round(lat, 6) : null, lon: valid ? round(lon, 6) : null };
}

/** Speed in 1/10 knot (1023 n/a), course in 1/10 degree (3600 n/a), heading in degrees (511 n/a). */
function motion(bits: BitReader, sogAt: number, cogAt: number, headingAt: number) {
  const sog = bits.uint(sogAt, 10);
  const cog = bits.uint(cogAt, 12);
  const heading = bits.uint(headingAt, 9);
  return {
    sog: sog === 1023 ? null : sog / 10,
    cog: cog >= 3600 ? null : cog / 10,
    heading: heading >= 360 ? null : heading,
  };
}

/** Second of the UTC minute; 60 and above mean not available, manual or dead reckoning. */
function utcSecond(bits: BitReader, at: number): number | null {
  const second = bits.uint(at, 6);
  return second < 60 ? second : null;
}

function dimensions(bits: BitReader, at: number): AisDimensions | null {
  const d = {
    toBow: bits.uint(at, 9),
    toStern: bits.uint(at + 9, 9),
    toPort: bits.uint(at + 18, 6),
    toStarboard: bits.uint(at + 24, 6),
  };
  return d.toBow + d.toStern + d.toPort + d.toStarboard === 0 ? null : d;
}

const textOrNull = (bits: BitReader, at: number, width: number) => bits.text(at, width) || null;

/** Rate of turn: ±(raw/4.733)² degrees per minute; -128 is no indicator, ±127 off the scale. */
function rateOfTurn(raw: number): number | null {
  if (raw === -128 || Math.abs(raw) === 127) return null;
  return round(Math.sign(raw) * (raw / 4.733) ** 2, 1);
}

function classAPosition(bits: BitReader, type: 1 | 2 | 3): AisResult {
  if (!bits.has(0, 143)) return malformed(`type ${type} needs 168 bits, got ${bits.length}`);
  const message: AisPositionReport = {
    type,
    mmsi: bits.uint(8, 30),
    ...position(bits, 61, 89),
    ...motion(bits, 50, 116, 128),
    accuracy: bits.bool(60),
    timestamp: utcSecond(bits, 137),
    navStatus: bits.uint(38, 4),
    rot: rateOfTurn(bits.int(42, 8)),
  };
  return { ok: true, message };
}

function classBPosition(bits: BitReader, type: 18 | 19): AisResult {
  const needed = type === 18 ? 139 : 301;
  if (!bits.has(0, needed))
    return malformed(`type ${type} needs ${type === 18 ? 168 : 312} bits, got ${bits.length}`);
  const message: AisPositionReport = {
    type,
    mmsi: bits.uint(8, 30),
    ...position(bits, 57, 85),
    ...motion(bits, 46, 112, 124),
    accuracy: bits.bool(56),
    timestamp: utcSecond(bits, 133),
  };
  if (type === 19) {
    message.shipName = textOrNull(bits, 143, 120);
    message.shipType = bits.uint(263, 8) || null;
    message.dimensions = dimensions(bits, 271);
  }
  return { ok: true, message };
}

/** Month 0, day 0, hour 24 and minute 60 are each "not available". */
function eta(bits: BitReader, at: number): AisEta | null {
  const month = bits.uint(at, 4);
  const day = bits.uint(at + 4, 5);
  const hour = bits.uint(at + 9, 5);
  const minute = bits.uint(at + 14, 6);
  const value = {
    month: month >= 1 && month <= 12 ? month : null,
    day: day >= 1 ? day : null,
    hour: hour <= 23 ? hour : null,
    minute: minute <= 59 ? minute : null,
  };
  return value.month === null && value.day === null ? null : value;
}

/** Static fields in one order whatever the type, so printed messages read alike. */
function staticReport(
  fields: Pick<AisStaticReport, "type" | "mmsi"> & Partial<AisStaticReport>,
): AisStaticReport {
  return {
    type: fields.type,
    ...(fields.part ? { part: fields.part } : {}),
    mmsi: fields.mmsi,
    imo: fields.imo ?? null,
    callsign: fields.callsign ?? null,
    shipName: fields.shipName ?? null,
    shipType: fields.shipType ?? null,
    destination: fields.destination ?? null,
    draught: fields.draught ?? null,
    eta: fields.eta ?? null,
    dimensions: fields.dimensions ?? null,
    ...(fields.part === "B" ? { vendorId: fields.vendorId ?? null } : {}),
  };
}

function staticAndVoyage(bits: BitReader): AisResult {
  // 424 bits by the standard; some transponders drop the last spare bits, so the DTE bit is not required.
  if (!bits.has(0, 420)) return malformed(`type 5 needs 424 bits, got ${bits.length}`);
  const draught = bits.uint(294, 8);
  const message = staticReport({
    type: 5,
    mmsi: bits.uint(8, 30),
    imo: bits.uint(40, 30) || null,
    callsign: textOrNull(bits, 70, 42),
    shipName: textOrNull(bits, 112, 120),
    shipType: bits.uint(232, 8) || null,
    dimensions: dimensions(bits, 240),
    eta: eta(bits, 274),
    draught: draught === 0 ? null : draught / 10,
    destination: textOrNull(bits, 302, 120),
  });
  return { ok: true, message };
}

function staticDataReport(bits: BitReader): AisResult {
  if (!bits.has(0, 40)) return malformed(`type 24 too short: ${bits.length} bits`);
  const mmsi = bits.uint(8, 30);
  const part = bits.uint(38, 2);
  if (part === 0) {
    if (!bits.has(0, 160)) return malformed(`type 24 part A needs 160 bits, got ${bits.length}`);
    return {
      ok: true,
      message: staticReport({ type: 24, part: "A", mmsi, shipName: textOrNull(bits, 40, 120) }),
    };
  }
  if (part === 1) {
    if (!bits.has(0, 162)) return malformed(`type 24 part B needs 168 bits, got ${bits.length}`);
    // Auxiliary craft (MMSI 98XXXXXXX) put their mother ship's MMSI where the dimensions go.
    const auxiliary = Math.floor(mmsi / 10_000_000) === 98;
    const message = staticReport({
      type: 24,
      part: "B",
      mmsi,
      shipType: bits.uint(40, 8) || null,
      vendorId: textOrNull(bits, 48, 18),
      callsign: textOrNull(bits, 90, 42),
      dimensions: auxiliary ? null : dimensions(bits, 132),
    });
    return { ok: true, message };
  }
  return malformed(`type 24 part number ${part}`);
}

/** Decodes one whole (reassembled) payload. */
export function decodePayload(payload: string, fillBits: number): AisResult {
  const bits = BitReader.fromPayload(payload, fillBits);
  if ("error" in bits) return malformed(bits.error);
  if (!bits.has(0, 38)) return malformed(`payload too short: ${bits.length} bits`);
  const type = bits.uint(0, 6);
  switch (type) {
    case 1:
    case 2:
    case 3:
      return classAPosition(bits, type);
    case 5:
      return staticAndVoyage(bits);
    case 18:
    case 19:
      return classBPosition(bits, type);
    case 24:
      return staticDataReport(bits);
    default:
      return { ok: false, error: { code: "UNSUPPORTED_TYPE", reason: `message type ${type}` } };
  }
}
