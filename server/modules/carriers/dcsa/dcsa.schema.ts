import { z } from "zod";

// DCSA Track & Trace 2.2 events (GET /v2/events), from ../shared/reference/dcsa. Only the
// fields the mapper uses are validated: there, a wrong enum value, a broken date-time or a wrong
// structure makes the whole answer a BAD_PAYLOAD failure. Extension fields are left through and
// fields the mapper never reads are not checked. Optional fields take null as well, because
// carriers send null for "not known". A rule changed here must be changed in isValidPage below
// too (docs/decisions/0093-refresh-cpu-carrier-side.md).

/** RFC 3339 date-time with an offset (Z or ±hh:mm), as the spec's `format: date-time` requires. */
const DateTime = z.iso.datetime({ offset: true });
const Text = (max: number) => z.string().max(max);
const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();

export const UN_LOCATION_CODE = /^[A-Z]{2}[A-Z2-9]{3}$/;

export const EVENT_CLASSIFIER_CODES = ["ACT", "PLN", "EST"] as const;
export const TRANSPORT_EVENT_TYPE_CODES = ["ARRI", "DEPA"] as const;
export const EQUIPMENT_EVENT_TYPE_CODES = [
  "LOAD",
  "DISC",
  "GTIN",
  "GTOT",
  "STUF",
  "STRP",
  "PICK",
  "DROP",
  "INSP",
  "RSEA",
  "RMVD",
] as const;
export const SHIPMENT_EVENT_TYPE_CODES = [
  "RECE",
  "DRFT",
  "PENA",
  "PENU",
  "REJE",
  "APPR",
  "ISSU",
  "SURR",
  "SUBM",
  "VOID",
  "CONF",
  "REQS",
  "CMPL",
  "HOLD",
  "RELS",
] as const;
export const DOCUMENT_TYPE_CODES = [
  "CBR",
  "BKG",
  "SHI",
  "SRM",
  "TRD",
  "ARN",
  "VGM",
  "CAS",
  "CUS",
  "DGD",
  "OOG",
] as const;
export const MODES_OF_TRANSPORT = ["VESSEL", "RAIL", "TRUCK", "BARGE"] as const;
const FACILITY_TYPE_CODES = ["BOCR", "CLOC", "COFS", "COYA", "OFFD", "DEPO", "INTE", "POTE", "RAMP"] as const;

const UnLocationCode = z.string().regex(UN_LOCATION_CODE);
const IMO_NUMBER = /^\d{7}$/;

export const DcsaVessel = z.looseObject({
  vesselIMONumber: z.string().regex(IMO_NUMBER),
  vesselName: nullish(Text(35)),
  vesselFlag: nullish(Text(2)),
  vesselCallSignNumber: nullish(Text(10)),
  vesselOperatorCarrierCode: nullish(Text(10)),
});

export const DcsaLocation = z.looseObject({
  locationName: nullish(Text(100)),
  latitude: nullish(Text(10)),
  longitude: nullish(Text(11)),
  UNLocationCode: nullish(UnLocationCode),
});

export const DcsaTransportCall = z.looseObject({
  transportCallID: Text(100),
  carrierServiceCode: nullish(Text(5)),
  carrierVoyageNumber: nullish(Text(50)),
  exportVoyageNumber: nullish(Text(50)),
  importVoyageNumber: nullish(Text(50)),
  transportCallSequenceNumber: nullish(z.number().int()),
  UNLocationCode: nullish(UnLocationCode),
  facilityCode: nullish(Text(6)),
  facilityTypeCode: nullish(z.enum(FACILITY_TYPE_CODES)),
  otherFacility: nullish(Text(50)),
  modeOfTransport: z.enum(MODES_OF_TRANSPORT),
  location: nullish(DcsaLocation),
  vessel: nullish(DcsaVessel),
});

const DocumentReference = z.looseObject({
  documentReferenceType: z.enum(["BKG", "TRD"]),
  documentReferenceValue: z.string(),
});

const BaseEvent = {
  eventID: nullish(z.string()),
  eventCreatedDateTime: DateTime,
  eventClassifierCode: z.enum(EVENT_CLASSIFIER_CODES),
  eventDateTime: DateTime,
};

export const DcsaTransportEvent = z.looseObject({
  ...BaseEvent,
  eventType: z.literal("TRANSPORT"),
  transportEventTypeCode: z.enum(TRANSPORT_EVENT_TYPE_CODES),
  delayReasonCode: nullish(Text(3)),
  changeRemark: nullish(Text(250)),
  transportCall: DcsaTransportCall,
  documentReferences: nullish(z.array(DocumentReference)),
});

export const DcsaEquipmentEvent = z.looseObject({
  ...BaseEvent,
  eventType: z.literal("EQUIPMENT"),
  equipmentEventTypeCode: z.enum(EQUIPMENT_EVENT_TYPE_CODES),
  equipmentReference: nullish(Text(15)),
  ISOEquipmentCode: nullish(Text(4)),
  emptyIndicatorCode: z.enum(["EMPTY", "LADEN"]),
  eventLocation: nullish(DcsaLocation),
  transportCall: nullish(DcsaTransportCall),
  documentReferences: nullish(z.array(DocumentReference)),
});

export const DcsaShipmentEvent = z.looseObject({
  ...BaseEvent,
  eventType: z.literal("SHIPMENT"),
  shipmentEventTypeCode: z.enum(SHIPMENT_EVENT_TYPE_CODES),
  documentID: z.string(),
  documentTypeCode: z.enum(DOCUMENT_TYPE_CODES),
  reason: nullish(z.string()),
});

export const DcsaEvent = z.discriminatedUnion("eventType", [
  DcsaTransportEvent,
  DcsaEquipmentEvent,
  DcsaShipmentEvent,
]);
export const DcsaEventsPage = z.array(DcsaEvent);

export type DcsaTransportCall = z.infer<typeof DcsaTransportCall>;
export type DcsaTransportEvent = z.infer<typeof DcsaTransportEvent>;
export type DcsaEquipmentEvent = z.infer<typeof DcsaEquipmentEvent>;
export type DcsaShipmentEvent = z.infer<typeof DcsaShipmentEvent>;
export type DcsaEvent = z.infer<typeof DcsaEvent>;
export type EventClassifierCode = (typeof EVENT_CLASSIFIER_CODES)[number];

/** Validates one page; the message names the first offending paths, for operators. */
export function parseEventsPage(
  json: unknown,
): { ok: true; events: DcsaEvent[] } | { ok: false; message: string } {
  if (isValidPage(json)) return { ok: true, events: json };
  const parsed = DcsaEventsPage.safeParse(json);
  if (parsed.success) return { ok: true, events: parsed.data };
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`);
  return { ok: false, message: `Malformed DCSA events: ${issues.join("; ")}` };
}

// The schemas above checked by hand, for the answers that pass: a worker validates every page of
// every refresh, and zod (copying every object it checks) cost as much as the mapping. It answers
// true only when zod would accept the page, and then the parsed JSON is used as it is (zod's
// output is an equal copy); anything else goes to zod, which has the last word and the message.
// dcsa.schema.test.ts holds the two together on generated pages.

const zodPattern = (DateTime as unknown as { _zod?: { def?: { pattern?: unknown } } })._zod?.def?.pattern;
/** zod's own date-time pattern, so both accept the same strings (without it, zod decides alone). */
const DATE_TIME_PATTERN = zodPattern instanceof RegExp ? zodPattern : undefined;

type Json = Record<string, unknown>;

const isString = (v: unknown) => typeof v === "string";
const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const isText = (v: unknown, max: number) => typeof v === "string" && v.length <= max;
const optionalText = (v: unknown, max: number) => v === undefined || v === null || isText(v, max);
const isDateTime = (v: unknown) => typeof v === "string" && (DATE_TIME_PATTERN as RegExp).test(v);
const oneOf = <T extends string>(values: readonly T[]) => {
  const set = new Set<unknown>(values);
  return (v: unknown) => set.has(v);
};
const optional = (v: unknown, check: (v: unknown) => boolean) => v === undefined || v === null || check(v);
const matches = (pattern: RegExp) => (v: unknown) => typeof v === "string" && pattern.test(v);

const isClassifier = oneOf(EVENT_CLASSIFIER_CODES);
const isTransportCode = oneOf(TRANSPORT_EVENT_TYPE_CODES);
const isEquipmentCode = oneOf(EQUIPMENT_EVENT_TYPE_CODES);
const isShipmentCode = oneOf(SHIPMENT_EVENT_TYPE_CODES);
const isDocumentType = oneOf(DOCUMENT_TYPE_CODES);
const isMode = oneOf(MODES_OF_TRANSPORT);
const isFacilityType = oneOf(FACILITY_TYPE_CODES);
const isEmptyIndicator = oneOf(["EMPTY", "LADEN"] as const);
const isReferenceType = oneOf(["BKG", "TRD"] as const);
const isUnLocationCode = matches(UN_LOCATION_CODE);
const isImoNumber = matches(IMO_NUMBER);

function isVessel(v: unknown): boolean {
  return (
    isRecord(v) &&
    isImoNumber(v.vesselIMONumber) &&
    optionalText(v.vesselName, 35) &&
    optionalText(v.vesselFlag, 2) &&
    optionalText(v.vesselCallSignNumber, 10) &&
    optionalText(v.vesselOperatorCarrierCode, 10)
  );
}

function isLocation(v: unknown): boolean {
  return (
    isRecord(v) &&
    optionalText(v.locationName, 100) &&
    optionalText(v.latitude, 10) &&
    optionalText(v.longitude, 11) &&
    optional(v.UNLocationCode, isUnLocationCode)
  );
}

function isTransportCall(v: unknown): boolean {
  return (
    isRecord(v) &&
    isText(v.transportCallID, 100) &&
    optionalText(v.carrierServiceCode, 5) &&
    optionalText(v.carrierVoyageNumber, 50) &&
    optionalText(v.exportVoyageNumber, 50) &&
    optionalText(v.importVoyageNumber, 50) &&
    optional(v.transportCallSequenceNumber, Number.isSafeInteger) &&
    optional(v.UNLocationCode, isUnLocationCode) &&
    optionalText(v.facilityCode, 6) &&
    optional(v.facilityTypeCode, isFacilityType) &&
    optionalText(v.otherFacility, 50) &&
    isMode(v.modeOfTransport) &&
    optional(v.location, isLocation) &&
    optional(v.vessel, isVessel)
  );
}

function isDocumentReferences(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i += 1) {
    const r: unknown = v[i];
    if (
      !isRecord(r) ||
      !isReferenceType(r.documentReferenceType) ||
      typeof r.documentReferenceValue !== "string"
    )
      return false;
  }
  return true;
}

function isEvent(e: unknown): boolean {
  if (
    !isRecord(e) ||
    !optional(e.eventID, isString) ||
    !isDateTime(e.eventCreatedDateTime) ||
    !isClassifier(e.eventClassifierCode) ||
    !isDateTime(e.eventDateTime)
  )
    return false;
  switch (e.eventType) {
    case "TRANSPORT":
      return (
        isTransportCode(e.transportEventTypeCode) &&
        optionalText(e.delayReasonCode, 3) &&
        optionalText(e.changeRemark, 250) &&
        isTransportCall(e.transportCall) &&
        optional(e.documentReferences, isDocumentReferences)
      );
    case "EQUIPMENT":
      return (
        isEquipmentCode(e.equipmentEventTypeCode) &&
        optionalText(e.equipmentReference, 15) &&
        optionalText(e.ISOEquipmentCode, 4) &&
        isEmptyIndicator(e.emptyIndicatorCode) &&
        optional(e.eventLocation, isLocation) &&
        optional(e.transportCall, isTransportCall) &&
        optional(e.documentReferences, isDocumentReferences)
      );
    case "SHIPMENT":
      return (
        isShipmentCode(e.shipmentEventTypeCode) &&
        typeof e.documentID === "string" &&
        isDocumentType(e.documentTypeCode) &&
        optional(e.reason, isString)
      );
    default:
      return false;
  }
}

/** True only for a page zod accepts as DcsaEventsPage (the parsed JSON of one). */
export function isValidPage(json: unknown): json is DcsaEvent[] {
  if (!DATE_TIME_PATTERN || !Array.isArray(json)) return false;
  for (let i = 0; i < json.length; i += 1) if (!isEvent(json[i])) return false;
  return true;
}
