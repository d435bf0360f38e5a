import type { ShippingLine } from "../../../../shared/enums";
import { Rng } from "./random";

// The simulated fleet's identities: names in each operator's house style, valid IMO numbers (the
// check digit holds), MMSIs under the flag's maritime identification digits, call signs.

export interface VesselIdentity {
  name: string;
  imo: string;
  mmsi: string;
  flag: string;
  callSign: string;
}

const WORDS =
  `ACE BRAVE CHARM DIAMOND EMINENCE FORTUNE GLORY HARMONY INSPIRE JUSTICE LIBERTY MAJESTY NOBLE ORIENT
  PIONEER QUEST RADIANT SPIRIT TRIUMPH UNITY VALOR WISDOM ZENITH AURORA BLOSSOM CORAL DYNASTY EXCEL FALCON GENESIS
  HORIZON INTEGRITY JASMINE KEYSTONE LOTUS MERIDIAN NOVA OASIS PEARL REGAL SERENITY TALENT UTMOST VISTA WAVE APEX
  BEACON CREST DELTA EPOCH FRONTIER GRACE HERALD IRIS JADE KINDNESS LEGEND MIRACLE NAVIGATOR OPAL PROMISE RAINBOW
  SUMMIT TRUST VENTURE`.split(/\s+/);
const STARS =
  `ALTAIR ANTARES ARCTURUS BELLATRIX CAPELLA CASTOR DENEB HADAR LYRA MIRA POLLUX PROCYON REGULUS RIGEL
  SIRIUS SPICA VEGA ALCOR CANOPUS ELNATH MIMOSA NUNKI SAIPH WEZEN ACRUX ALNILAM DIPHDA GACRUX MENKAR SHAULA ATRIA
  AVIOR HAMAL KOCHAB MARKAB SABIK`.split(/\s+/);
const NAMES =
  `ALINA BEATRICE CAMILLE DANIELA ELENA FABIENNE GIULIA HELENA ISABELLA JULIA KATRINA LAURA MARIA NADIA
  OLIVIA PAOLA ROSA SOFIA TERESA VALERIA ANNA BIANCA CLARA DIANA EMMA FLAVIA GRETA IRENE LUCIA MARTA NORA RITA SARA
  VERA ZOE ADELE CARLA LINDA MONICA SILVIA`.split(/\s+/);
const CITIES =
  `AARHUS BREMEN CADIZ DALIAN ESSEN FLORENCE GENOA HAMBURG ISTANBUL JAKARTA KOBE LISBON MADRID NAGOYA
  OSAKA PORTO QINGDAO RIGA SEVILLE TOKYO UTRECHT VALENCIA WARSAW XIAMEN YOKOHAMA ZURICH ATHENS BERLIN COLOMBO DUBLIN
  EDINBURGH FUKUOKA GDANSK HELSINKI INCHEON KARACHI LIMA MUMBAI NAPLES OSLO PUSAN QUEBEC ROME SANTOS TAIPEI ULSAN
  VIENNA WELLINGTON BOSTON CHICAGO DENVER HOUSTON MIAMI PARIS SEATTLE SYDNEY TORONTO VANCOUVER MONTREAL SHENZHEN
  NINGBO TIANJIN HANOI MANILA BANGKOK CHENNAI`.split(/\s+/);
const NUMBERS = Array.from({ length: 99 }, (_, i) => String(301 + i));

type Style = { pool: string[]; name: (w: string) => string; flags: string[] };
const style = (pool: string[], name: (w: string) => string, flags: string[]): Style => ({
  pool,
  name,
  flags,
});

const STYLES: Partial<Record<ShippingLine, Style>> = {
  MAERSK: style(CITIES, (w) => `MAERSK ${w}`, ["DK", "SG"]),
  SEALAND: style(CITIES, (w) => `SEALAND ${w}`, ["SG"]),
  HAMBURGSUD: style(STARS, (w) => `CAP ${w}`, ["LR", "PT"]),
  MSC: style(NAMES, (w) => `MSC ${w}`, ["PA", "LR"]),
  CMACGM: style(STARS, (w) => `CMA CGM ${w}`, ["FR", "MT"]),
  ANL: style(CITIES, (w) => `ANL ${w}`, ["MT"]),
  COSCO: style(CITIES, (w) => `COSCO ${w}`, ["HK", "CN"]),
  OOCL: style(CITIES, (w) => `OOCL ${w}`, ["HK"]),
  EVERGREEN: style(WORDS, (w) => `EVER ${w}`, ["PA", "SG", "GB"]),
  HAPAGLLOYD: style(CITIES, (w) => `${w} EXPRESS`, ["DE", "LR"]),
  ONE: style(WORDS, (w) => `ONE ${w}`, ["JP", "SG", "PA"]),
  HMM: style(CITIES, (w) => `HMM ${w}`, ["KR", "PA"]),
  ZIM: style(CITIES, (w) => `ZIM ${w}`, ["LR", "MH"]),
  WANHAI: style(NUMBERS, (w) => `WAN HAI ${w}`, ["SG", "TW"]),
  PIL: style(WORDS, (w) => `KOTA ${w}`, ["SG"]),
  KMTC: style(CITIES, (w) => `KMTC ${w}`, ["KR", "PA"]),
  SITC: style(CITIES, (w) => `SITC ${w}`, ["HK"]),
  TSLINE: style(CITIES, (w) => `TS ${w}`, ["LR", "HK"]),
  INTERASIA: style(WORDS, (w) => `INTERASIA ${w}`, ["SG"]),
  SINOKOR: style(CITIES, (w) => `SINOKOR ${w}`, ["KR", "PA"]),
  NAMSUNG: style(WORDS, (w) => `STAR ${w}`, ["KR"]),
  SWIRE: style(WORDS, (w) => `${w} CHIEF`, ["SG"]),
  WESTWOOD: style(WORDS, (w) => `WESTWOOD ${w}`, ["MH"]),
  WALLENIUS: style(STARS, (w) => w, ["SE", "NO"]),
  HOEGH: style(CITIES, (w) => `HOEGH ${w}`, ["NO"]),
  EUKOR: style(WORDS, (w) => `MORNING ${w}`, ["KR", "NO"]),
  STOLT: style(WORDS, (w) => `STOLT ${w}`, ["LR"]),
};
const FALLBACK = style(WORDS, (w) => `SEA ${w}`, ["PA"]);

/** Flag → [maritime identification digits, call sign prefix]. */
const FLAGS: Record<string, [string, string]> = {
  DK: ["219", "OZ"],
  SG: ["563", "9V"],
  LR: ["636", "5L"],
  PT: ["255", "CQ"],
  PA: ["352", "3E"],
  FR: ["228", "FM"],
  MT: ["215", "9H"],
  HK: ["477", "VR"],
  CN: ["413", "BP"],
  GB: ["232", "2A"],
  DE: ["211", "DC"],
  JP: ["431", "JD"],
  KR: ["440", "D7"],
  TW: ["416", "BL"],
  MH: ["538", "V7"],
  SE: ["265", "SK"],
  NO: ["257", "LA"],
};

/** IMO check digit: the first six digits weighted 7..2, sum mod 10. */
export function imoCheckDigit(six: string): number {
  let sum = 0;
  for (let i = 0; i < 6; i += 1) sum += Number(six[i]) * (7 - i);
  return sum % 10;
}

export function isValidImo(imo: string): boolean {
  return /^\d{7}$/.test(imo) && imoCheckDigit(imo.slice(0, 6)) === Number(imo[6]);
}

const usedImos = new Set<string>();
const usedMmsis = new Set<string>();
const usedNames = new Set<string>();

/** A vessel identity, unique across the fleet; call in a fixed order so the fleet is deterministic. */
export function newVesselIdentity(operator: ShippingLine, key: string): VesselIdentity {
  const rng = new Rng(`vessel|${operator}|${key}`);
  const s = STYLES[operator] ?? FALLBACK;
  const offset = rng.int(0, s.pool.length - 1);
  let name = "";
  for (let i = 0; i < s.pool.length * 3 && (!name || usedNames.has(name)); i += 1) {
    const suffix = i < s.pool.length ? "" : i < s.pool.length * 2 ? " II" : " III";
    name = `${s.name(s.pool[(offset + i) % s.pool.length] as string)}${suffix}`;
  }
  usedNames.add(name);
  let imo = "";
  while (!imo || usedImos.has(imo)) {
    const six = `9${String(rng.int(0, 99999)).padStart(5, "0")}`;
    imo = `${six}${imoCheckDigit(six)}`;
  }
  usedImos.add(imo);
  const flag = rng.pick(s.flags);
  const [mid, prefix] = FLAGS[flag] ?? ["352", "3E"];
  let mmsi = "";
  while (!mmsi || usedMmsis.has(mmsi)) mmsi = `${mid}${String(rng.int(0, 999999)).padStart(6, "0")}`;
  usedMmsis.add(mmsi);
  const callSign = `${prefix}${String.fromCharCode(65 + rng.int(0, 25), 65 + rng.int(0, 25))}${rng.int(2, 9)}`;
  return { name, imo, mmsi, flag, callSign };
}
