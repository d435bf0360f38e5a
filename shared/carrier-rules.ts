import type { ShippingLine, TrackingType } from "./enums";
import { trackingWarnings as formWarnings, type TrackingWarningKey } from "./schemas/shipments";

// Which references each shipping line can be tracked by, in the order the form offers them; the
// first is the default the form falls back to when the line changes (spec 01 §4). Spec 01 §5 says
// "some lines allow only particular types, others the full set" but shows no table. This is ours:
// - Ocean carriers track by all three. Booking comes first where the carrier's own tracking gives
//   the fullest picture by booking (transport plan, every container); COSCO and Evergreen give
//   little by container number (the spec's warnings), so container number comes last there.
// - MSC, Maersk's group, Hapag-Lloyd, ONE and its parent lines, HMM, Yang Ming and ZIM show the
//   same shipment by B/L or by box on their own tracking, so the form leads with B/L, then
//   container, then booking.
// - Forwarders (DSV, Expeditors, Kuehne+Nagel, Yusen) issue their own house B/L and booking
//   references. A container number belongs to the carrier they booked with, so they take neither
//   a container number nor a carrier reference.
// - Ro-ro carriers (Wallenius Wilhelmsen, Höegh, EUKOR) and Stolt's parcel tankers carry no
//   containers, so they are tracked by booking or B/L only.
// - MSSCO's tracking is reliable by booking number only; the other types stay selectable but warn
//   (msscoExperimental).
// - The short-sea and intra-Asia carriers mostly expose B/L tracking first, so B/L leads there.

const ALL_BOOKING_FIRST: readonly TrackingType[] = [
  "BOOKING_NUMBER",
  "BILL_OF_LADING_NUMBER",
  "CONTAINER_NUMBER",
];
const ALL_BL_FIRST: readonly TrackingType[] = ["BILL_OF_LADING_NUMBER", "CONTAINER_NUMBER", "BOOKING_NUMBER"];
const FORWARDER: readonly TrackingType[] = ["BILL_OF_LADING_NUMBER", "BOOKING_NUMBER"];
const NO_CONTAINERS: readonly TrackingType[] = ["BOOKING_NUMBER", "BILL_OF_LADING_NUMBER"];

export const TRACKING_TYPES_BY_LINE: Record<ShippingLine, readonly TrackingType[]> = {
  ANL: ALL_BOOKING_FIRST,
  CKLINE: ALL_BL_FIRST,
  CMACGM: ALL_BOOKING_FIRST,
  CNC: ALL_BOOKING_FIRST,
  COSCO: ALL_BOOKING_FIRST,
  DONGJIN: ALL_BL_FIRST,
  DONGYOUNG: ALL_BL_FIRST,
  DSV: FORWARDER,
  EUKOR: NO_CONTAINERS,
  EVERGREEN: ALL_BOOKING_FIRST,
  EXPEDITORS: FORWARDER,
  HAMBURGSUD: ALL_BL_FIRST,
  HAPAGLLOYD: ALL_BL_FIRST,
  HEUNGA: ALL_BL_FIRST,
  HMM: ALL_BL_FIRST,
  HOEGH: NO_CONTAINERS,
  INTERASIA: ALL_BL_FIRST,
  JJ: ALL_BL_FIRST,
  KAMBARA: ALL_BL_FIRST,
  KLINE: ALL_BL_FIRST,
  KMTC: ALL_BL_FIRST,
  KUEHNENAGEL: FORWARDER,
  MAERSK: ALL_BL_FIRST,
  MOL: ALL_BL_FIRST,
  MSC: ALL_BL_FIRST,
  MSSCO: ALL_BOOKING_FIRST,
  NAMSUNG: ALL_BL_FIRST,
  NYK: ALL_BL_FIRST,
  ONE: ALL_BL_FIRST,
  OOCL: ALL_BOOKING_FIRST,
  PANCON: ALL_BL_FIRST,
  PANOCEAN: ALL_BL_FIRST,
  PIL: ALL_BOOKING_FIRST,
  SEALAND: ALL_BL_FIRST,
  SINOKOR: ALL_BL_FIRST,
  SINOTRANS: ALL_BOOKING_FIRST,
  SITC: ALL_BL_FIRST,
  STOLT: NO_CONTAINERS,
  SWIRE: ALL_BOOKING_FIRST,
  TSLINE: ALL_BL_FIRST,
  WALLENIUS: NO_CONTAINERS,
  WANHAI: ALL_BL_FIRST,
  WESTWOOD: ALL_BOOKING_FIRST,
  YANGMING: ALL_BL_FIRST,
  YUSEN: FORWARDER,
  ZIM: ALL_BL_FIRST,
};

/** The types the line can be tracked by; the first is the default. */
export function allowedTrackingTypes(line: ShippingLine): readonly TrackingType[] {
  return TRACKING_TYPES_BY_LINE[line];
}

export function defaultTrackingType(line: ShippingLine): TrackingType {
  return TRACKING_TYPES_BY_LINE[line][0] as TrackingType;
}

export function isTrackingTypeAllowed(line: ShippingLine, type: TrackingType): boolean {
  return TRACKING_TYPES_BY_LINE[line].includes(type);
}

/** Lines whose shipments carry no containers (ro-ro and parcel tankers). */
export function carriesContainers(line: ShippingLine): boolean {
  return TRACKING_TYPES_BY_LINE[line] !== NO_CONTAINERS;
}

export type { TrackingWarningKey };

/**
 * Spec 01 §5 non-blocking warnings as i18n keys of the `tracking` namespace. Delegates to the form
 * schema's check, so the form and the server give the same warnings.
 */
export function trackingWarnings(
  line: ShippingLine,
  type: TrackingType,
  trackingNumber: string,
): TrackingWarningKey[] {
  return formWarnings({ shippingLine: line, trackingType: type, trackingNumber });
}
