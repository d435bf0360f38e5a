// Inland points served from ports (pre- and on-carriage) and local time at a place.

import { isoSeconds } from "../../../core/iso-time";

export type CarriageMode = "RAIL" | "TRUCK" | "BARGE";

export interface InlandLink {
  locode: string;
  mode: CarriageMode;
  hours: number;
}

/** Inland terminals a port's boxes move to or from, with a typical transit time. */
export const INLAND_LINKS: Record<string, InlandLink[]> = {
  NLRTM: [
    { locode: "DEDUI", mode: "BARGE", hours: 30 },
    { locode: "DEMHG", mode: "BARGE", hours: 55 },
    { locode: "CHBSL", mode: "BARGE", hours: 80 },
  ],
  BEANR: [
    { locode: "FRPAR", mode: "TRUCK", hours: 10 },
    { locode: "DEDUI", mode: "RAIL", hours: 14 },
  ],
  DEHAM: [
    { locode: "DENUE", mode: "RAIL", hours: 20 },
    { locode: "HUBUD", mode: "RAIL", hours: 40 },
  ],
  DEBRV: [{ locode: "DENUE", mode: "RAIL", hours: 22 }],
  USLAX: [
    { locode: "USCHI", mode: "RAIL", hours: 100 },
    { locode: "USMEM", mode: "RAIL", hours: 80 },
    { locode: "USKCK", mode: "RAIL", hours: 70 },
  ],
  USLGB: [
    { locode: "USCHI", mode: "RAIL", hours: 100 },
    { locode: "USKCK", mode: "RAIL", hours: 70 },
  ],
  USOAK: [{ locode: "USCHI", mode: "RAIL", hours: 110 }],
  USSEA: [{ locode: "USCHI", mode: "RAIL", hours: 110 }],
  USTIW: [{ locode: "USCHI", mode: "RAIL", hours: 110 }],
  CAVAN: [
    { locode: "CATOR", mode: "RAIL", hours: 120 },
    { locode: "CAMTR", mode: "RAIL", hours: 130 },
  ],
  USNYC: [
    { locode: "USPIT", mode: "RAIL", hours: 24 },
    { locode: "USCLE", mode: "RAIL", hours: 30 },
  ],
  USSAV: [
    { locode: "USCVG", mode: "RAIL", hours: 40 },
    { locode: "USMEM", mode: "RAIL", hours: 48 },
  ],
  USHOU: [{ locode: "USSTL", mode: "RAIL", hours: 48 }],
  CNSGH: [
    { locode: "CNNJG", mode: "BARGE", hours: 40 },
    { locode: "CNNHN", mode: "BARGE", hours: 100 },
    { locode: "CNCQI", mode: "BARGE", hours: 240 },
  ],
  INNSA: [{ locode: "INICD", mode: "RAIL", hours: 60 }],
};

// Standard time (DST is left out: a simulated clock an hour off in summer misleads nobody).
const COUNTRY_OFFSET_MINUTES: Record<string, number> = {
  CN: 480,
  HK: 480,
  TW: 480,
  SG: 480,
  MY: 480,
  PH: 480,
  KR: 540,
  JP: 540,
  VN: 420,
  TH: 420,
  ID: 420,
  LK: 330,
  IN: 330,
  PK: 300,
  BD: 360,
  AE: 240,
  OM: 240,
  SA: 180,
  EG: 120,
  GR: 120,
  TR: 180,
  IT: 60,
  ES: 60,
  FR: 60,
  BE: 60,
  NL: 60,
  DE: 60,
  GB: 0,
  PL: 60,
  SE: 60,
  DK: 60,
  CH: 60,
  HU: 60,
  CZ: 60,
  AT: 60,
  MA: 60,
  MX: -360,
  PA: -300,
  PE: -300,
  CL: -240,
  BR: -180,
  AR: -180,
  ZA: 120,
  KE: 180,
  TZ: 180,
  NG: 60,
  GH: 0,
  CI: 0,
  NZ: 720,
  FJ: 720,
  PG: 600,
};

/** UTC offset in minutes of a place's standard time: by country, by longitude within wide ones. */
export function utcOffsetMinutes(locode: string, lon: number): number {
  const country = locode.slice(0, 2);
  if (country === "US" || country === "CA") {
    if (lon > -87.5) return -300;
    if (lon > -102) return -360;
    if (lon > -115) return -420;
    return -480;
  }
  if (country === "AU") return lon < 129 ? 480 : 600;
  return COUNTRY_OFFSET_MINUTES[country] ?? Math.round(lon / 15) * 60;
}

/** "+09:00" for 540: the few offsets the simulator's ports have, each written once. */
const offsetSuffixes = new Map<number, string>();

function offsetSuffix(offsetMinutes: number): string {
  let suffix = offsetSuffixes.get(offsetMinutes);
  if (suffix === undefined) {
    const abs = Math.abs(offsetMinutes);
    const hh = String(Math.floor(abs / 60)).padStart(2, "0");
    const mm = String(abs % 60).padStart(2, "0");
    suffix = `${offsetMinutes < 0 ? "-" : "+"}${hh}:${mm}`;
    offsetSuffixes.set(offsetMinutes, suffix);
  }
  return suffix;
}

/**
 * ISO 8601 local time with its offset, to the second: what DCSA eventDateTime carries. Written by
 * arithmetic (core/iso-time): an answer has dozens of them, and a bench:tracking pass 10,000 answers.
 */
export function localIso(ms: number, offsetMinutes: number): string {
  return isoSeconds(Math.round(ms / 1000) * 1000 + offsetMinutes * 60_000, offsetSuffix(offsetMinutes));
}
