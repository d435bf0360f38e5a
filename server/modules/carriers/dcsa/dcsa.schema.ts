import { z } from "zod";

// DCSA Track & Trace 2.2 events (GET /v2/events), from ../shared/reference/dcsa. Only the
// fields the mapper uses are validated: there, a wrong enum value, a broken date-time or a wrong
// structure makes the whole answer a BAD_PAYLOAD failure. Extension fields are left through and
// fields the mapper never reads are not checked. Optional fields take null as well, because
// carriers send null for "not known".

/** RFC 3339 date-time with an offset (Z or ±hh:mm), as the spec's `format: date-time` requires. */
const DateTime = z.iso.datetime({ offset: true });
const Text = (max: number) => z.string().max(max);
const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

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

export const DcsaVessel = z.looseObject({
  vesselIMONumber: z.string().regex(/^\d{7}$/),
  vesselName: optional(Text(35)),
  vesselFlag: optional(Text(2)),
  vesselCallSignNumber: optional(Text(10)),
  vesselOperatorCarrierCode: optional(Text(10)),
});

export const DcsaLocation = z.looseObject({
  locationName: optional(Text(100)),
  latitude: optional(Text(10)),
  longitude: optional(Text(11)),
  UNLocationCode: optional(UnLocationCode),
});

export const DcsaTransportCall = z.looseObject({
  transportCallID: Text(100),
  carrierServiceCode: optional(Text(5)),
  carrierVoyageNumber: optional(Text(50)),
  exportVoyageNumber: optional(Text(50)),
  importVoyageNumber: optional(Text(50)),
  transportCallSequenceNumber: optional(z.number().int()),
  UNLocationCode: optional(UnLocationCode),
  facilityCode: optional(Text(6)),
  facilityTypeCode: optional(z.enum(FACILITY_TYPE_CODES)),
  otherFacility: optional(Text(50)),
  modeOfTransport: z.enum(MODES_OF_TRANSPORT),
  location: optional(DcsaLocation),
  vessel: optional(DcsaVessel),
});

const DocumentReference = z.looseObject({
  documentReferenceType: z.enum(["BKG", "TRD"]),
  documentReferenceValue: z.string(),
});

const BaseEvent = {
  eventID: optional(z.string()),
  eventCreatedDateTime: DateTime,
  eventClassifierCode: z.enum(EVENT_CLASSIFIER_CODES),
  eventDateTime: DateTime,
};

export const DcsaTransportEvent = z.looseObject({
  ...BaseEvent,
  eventType: z.literal("TRANSPORT"),
  transportEventTypeCode: z.enum(TRANSPORT_EVENT_TYPE_CODES),
  delayReasonCode: optional(Text(3)),
  changeRemark: optional(Text(250)),
  transportCall: DcsaTransportCall,
  documentReferences: optional(z.array(DocumentReference)),
});

export const DcsaEquipmentEvent = z.looseObject({
  ...BaseEvent,
  eventType: z.literal("EQUIPMENT"),
  equipmentEventTypeCode: z.enum(EQUIPMENT_EVENT_TYPE_CODES),
  equipmentReference: optional(Text(15)),
  ISOEquipmentCode: optional(Text(4)),
  emptyIndicatorCode: z.enum(["EMPTY", "LADEN"]),
  eventLocation: optional(DcsaLocation),
  transportCall: optional(DcsaTransportCall),
  documentReferences: optional(z.array(DocumentReference)),
});

export const DcsaShipmentEvent = z.looseObject({
  ...BaseEvent,
  eventType: z.literal("SHIPMENT"),
  shipmentEventTypeCode: z.enum(SHIPMENT_EVENT_TYPE_CODES),
  documentID: z.string(),
  documentTypeCode: z.enum(DOCUMENT_TYPE_CODES),
  reason: optional(z.string()),
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
  const parsed = DcsaEventsPage.safeParse(json);
  if (parsed.success) return { ok: true, events: parsed.data };
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`);
  return { ok: false, message: `Malformed DCSA events: ${issues.join("; ")}` };
}
