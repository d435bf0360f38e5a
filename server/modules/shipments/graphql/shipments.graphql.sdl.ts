import {
  HISTORY_STATUSES,
  QUEUE_STATUSES,
  SEARCH_OPERATORS,
  SHIPPING_LINE_CODES,
  SHIPPING_LINES,
  type ShippingLine,
  TIME_STATUSES,
  TRACKING_TYPES,
} from "../../../../shared/enums";
import { ORDER_BY_TYPES, SHIPMENT_SORT_FIELDS, SHIPMENT_TABS } from "../../../../shared/schemas/list";
import { SHIPMENT_SEARCH_FIELDS, type ShipmentSearchField } from "../../../../shared/schemas/search";
import { describedEnum } from "../../../graphql/describe";

// The shipments part of the API customers' schema (spec 01 §3 fields, §7 operations). Enum values
// come from the shared lists, so the schema cannot drift from what the services accept; their
// descriptions are records typed by those lists, so a new value needs its description to compile.

const UTC = "an instant in UTC";

/** What each list column holds: the sort fields and the search fields name the same columns. */
const COLUMNS: Record<ShipmentSearchField | (typeof SHIPMENT_SORT_FIELDS)[number], string> = {
  title: "The shipment's title",
  trackingNumber: "The booking, B/L or container number",
  trackingType: "The kind of tracking number",
  shippingLine: "The shipping line",
  remark: "The shipment's remark",
  customField1: "The team's custom field 1",
  customField2: "The team's custom field 2",
  customField3: "The team's custom field 3",
  placeOfReceipt: "The place of receipt (name or UN/LOCODE)",
  loadingPort: "The port of loading (name or UN/LOCODE)",
  dischargingPort: "The port of discharge (name or UN/LOCODE)",
  placeOfDelivery: "The place of delivery (name or UN/LOCODE)",
  vesselName: "The vessel's name",
  vesselVoyage: "The voyage number",
  containerNumber: "A container number of the shipment",
  owner: "The member who registered the shipment (their user id)",
  departureTime: "ETD/ATD at the port of loading (dates compared in UTC)",
  arrivalTime: "ETA/ATA at the port of discharge (dates compared in UTC)",
  placeOfDeliveryEta: "ETA at the place of delivery (dates compared in UTC)",
  requestedEtd: "The requested ETD (a calendar date)",
  requestedEta: "The requested ETA (a calendar date)",
  initialEtd: "The first ETD the carrier gave (dates compared in UTC)",
  initialEta: "The first ETA the carrier gave (dates compared in UTC)",
  delayDays: "Days the ETA is later than the first ETA (negative: earlier)",
  etdDelayDays: "Days the ETD is later than the first ETD (negative: earlier)",
  requestedEtdDelayDays: "Days the ETD is later than the requested ETD",
  requestedEtaDelayDays: "Days the ETA is later than the requested ETA",
  createdAt: "When the shipment was registered (UTC)",
  lastScrapedAt: "When the carrier's data was last fetched (UTC)",
  isFailing: "Whether the last fetches from the carrier failed",
};

const columnsOf = <const T extends readonly (keyof typeof COLUMNS)[]>(
  list: T,
  suffix: (f: T[number]) => string,
) => Object.fromEntries(list.map((f) => [f, `${COLUMNS[f]}${suffix(f)}`])) as Record<T[number], string>;

const SEARCH_FIELD_NAMES = Object.keys(SHIPMENT_SEARCH_FIELDS) as ShipmentSearchField[];

const LINE_NAMES = Object.fromEntries(
  SHIPPING_LINES.map((l) => [l.code, `${l.label}${l.beta ? " (beta)" : ""}.`]),
) as Record<ShippingLine, string>;

export const shipmentsTypeDefs = /* GraphQL */ `
  ${describedEnum("TrackingType", "What kind of number a shipment is tracked by.", TRACKING_TYPES, {
    BOOKING_NUMBER: "The carrier's booking number.",
    CONTAINER_NUMBER: "A container number (ISO 6346, with its check digit).",
    BILL_OF_LADING_NUMBER: "The bill of lading number.",
  })}
  ${describedEnum("ShippingLineCode", "A shipping line the product tracks (see Query.shippingLines).", SHIPPING_LINE_CODES, LINE_NAMES)}
  ${describedEnum("QueueStatus", "Where the shipment's next fetch from the carrier stands.", QUEUE_STATUSES, {
    SLEEPING: "Waiting for its next scheduled refresh.",
    WAITING: "Queued for a fetch.",
    FETCHING: "Being fetched from the carrier now.",
  })}
  ${describedEnum("TimeStatus", "Whether a time is the carrier's actual or estimated one.", TIME_STATUSES, {
    ACTUAL: "It happened at that time.",
    ESTIMATED: "The carrier's estimate.",
    UNKNOWN: "The carrier did not say.",
  })}
  ${describedEnum("HistoryStatus", "How a fetch from the carrier went.", HISTORY_STATUSES, {
    success: "The carrier answered with the shipment's data.",
    failed: "The fetch failed; failedReason says why.",
  })}
  ${describedEnum("OrderByType", "Sort direction.", ORDER_BY_TYPES, {
    ASC: "Ascending (empty values last).",
    DESC: "Descending.",
  })}
  ${describedEnum(
    "ShipmentSortField",
    "A list column to sort by.",
    SHIPMENT_SORT_FIELDS,
    columnsOf(SHIPMENT_SORT_FIELDS, () => "."),
  )}
  ${describedEnum("ShipmentTab", "A tab of the shipment list.", SHIPMENT_TABS, {
    ONGOING: "Shipments not archived.",
    FAVORITES: "The viewer's favorites.",
    ARCHIVED: "Archived shipments.",
    ALL: "Every shipment.",
  })}
  ${describedEnum(
    "ShipmentSearchField",
    "A field a search condition tests; its type decides the operators it takes (spec 01 §5).",
    SEARCH_FIELD_NAMES,
    columnsOf(SEARCH_FIELD_NAMES, (f) => ` (${SHIPMENT_SEARCH_FIELDS[f as ShipmentSearchField]}).`),
  )}
  ${describedEnum(
    "SearchOperator",
    "How a search condition compares the field with its value.",
    SEARCH_OPERATORS,
    {
      IS: "Equal to the value.",
      IS_NOT: "Not equal to the value.",
      CONTAINS: "Contains the value (text, case-insensitive).",
      NOT_CONTAIN: "Does not contain the value (text, case-insensitive).",
      IS_EMPTY: "Has no value (no value is given).",
      NOT_EMPTY: "Has a value (no value is given).",
      BETWEEN: "Between the two values of a list, both included.",
      GREATER_THAN: "Greater than (later than) the value.",
      LESS_THAN: "Less than (earlier than) the value.",
    },
  )}

  "A search value: a string, number or boolean, or a list of two for BETWEEN."
  scalar SearchValue

  "A place of the route, as the carrier named it."
  type Place {
    "UN/LOCODE."
    locode: String
    "The place's name."
    name: String
    "Latitude in decimal degrees (WGS 84), when known."
    latitude: Float
    "Longitude in decimal degrees (WGS 84), when known."
    longitude: Float
    "IANA time zone of the place, for its local time."
    timeZone: String
  }

  "One leg of the route on one vessel."
  type Vessel {
    "The leg's id."
    id: ID!
    "The leg's place in the route, from 1."
    sequence: Int!
    "The vessel's name."
    vesselName: String
    "The vessel's IMO number."
    imo: String
    "The vessel's MMSI (AIS identity)."
    mmsi: String
    "The voyage number."
    voyage: String
    "Where the leg starts."
    loadingPort: Place
    "Where the leg ends."
    dischargingPort: Place
    "Departure from loadingPort, ${UTC}."
    departureTime: DateTime
    "Whether departureTime is actual or estimated."
    departureTimeStatus: TimeStatus
    "Arrival at dischargingPort, ${UTC}."
    arrivalTime: DateTime
    "Whether arrivalTime is actual or estimated."
    arrivalTimeStatus: TimeStatus
  }

  "A container of the shipment and its events."
  type Container {
    "The container's id in this fetch."
    id: ID!
    "The container number (ISO 6346)."
    containerNumber: String!
    "Gross weight in kilograms."
    grossWeightKilograms: Float
    "ISO 6346 size and type code (e.g. 45G1)."
    sizeType: String
    "The size and type as the carrier wrote it."
    sizeTypeOriginal: String
    "Empty container released to the shipper, ${UTC}."
    emptyContainerReleasedToShipperTime: DateTime
    "Gate in at the port of loading, ${UTC}."
    gateInTime: DateTime
    "Gate out at the port of discharge, ${UTC}."
    gateOutTime: DateTime
    "Empty container returned by the customer, ${UTC}."
    emptyContainerReturnedFromCustomerTime: DateTime
  }

  "One fetch of the shipment's data from the carrier: the schedule as it stood then."
  type ShipmentHistory {
    "The fetch's id."
    id: ID!
    "How the fetch went."
    status: HistoryStatus!
    "Why the fetch failed (a tracking failure key), when it did."
    failedReason: String
    "When the data was fetched, ${UTC}."
    createdAt: DateTime!
    "Where the carrier received the cargo."
    placeOfReceipt: Place
    "Port of loading of the first leg."
    loadingPort: Place
    "Port of discharge of the last leg."
    dischargingPort: Place
    "Departure from the port of loading (ETD/ATD), ${UTC}."
    departureTime: DateTime
    "Whether departureTime is actual or estimated."
    departureTimeStatus: TimeStatus
    "Arrival at the port of discharge (ETA/ATA), ${UTC}."
    arrivalTime: DateTime
    "Whether arrivalTime is actual or estimated."
    arrivalTimeStatus: TimeStatus
    "The voyage number of the first leg."
    vesselVoyage: String
    "Where the carrier delivers the cargo."
    placeOfDelivery: Place
    "Arrival at the place of delivery, ${UTC}."
    placeOfDeliveryEta: DateTime
    "Whether placeOfDeliveryEta is actual or estimated."
    placeOfDeliveryEtaStatus: TimeStatus
    "The containers' size and type codes, joined."
    containerSizeType: String
    "The containers' gross weight together, in kilograms."
    containerGrossWeightSum: Float
    "The legs, in route order."
    vessels: [Vessel!]!
    "The containers."
    containers: [Container!]!
  }

  "The member who registered a shipment."
  type ShipmentOwner {
    "The member's id."
    id: ID!
    "The member's nickname."
    nickname: String!
    "The member's colour (#rrggbb), for their avatar."
    color: String!
    "The member's e-mail address."
    email: String!
  }

  "The team a shipment belongs to, with its custom field settings."
  type ShipmentTeam {
    "The team's id."
    id: ID!
    "The team's name."
    name: String!
    "The name of custom field 1; null when unnamed."
    customField1Name: String
    "The name of custom field 2; null when unnamed."
    customField2Name: String
    "The name of custom field 3; null when unnamed."
    customField3Name: String
    "Whether custom field 1 is in use."
    customField1Enabled: Boolean!
    "Whether custom field 2 is in use."
    customField2Enabled: Boolean!
    "Whether custom field 3 is in use."
    customField3Enabled: Boolean!
  }

  "Which dates of its shipments the team shows, in the console and on share pages."
  type TeamPublicSettings {
    "The requested ETD and its delay are shown."
    enableRequestedEtd: Boolean!
    "The requested ETA and its delay are shown."
    enableRequestedEta: Boolean!
    "The first ETD the carrier gave is shown."
    enableInitialEtd: Boolean!
    "The first ETA the carrier gave is shown."
    enableInitialEta: Boolean!
  }

  "A member as a comment shows them."
  type ShipmentPerson {
    "The member's id."
    id: ID!
    "The member's nickname."
    nickname: String!
    "The member's colour (#rrggbb)."
    color: String!
  }

  "A comment on a shipment."
  type Comment {
    "The comment's id."
    id: ID!
    "The comment's text."
    content: String!
    "When it was written, ${UTC}."
    createdAt: DateTime!
    "Who wrote it; null for a deleted account."
    user: ShipmentPerson
    "Written by the caller."
    isOwn: Boolean!
  }

  "Who did what an activity records."
  type ActivityActor {
    "The member's nickname (or the system's name for automatic changes)."
    nickname: String!
    "The member's colour (#rrggbb)."
    color: String!
  }

  "Something that happened to a shipment (created, edited, archived, a schedule change...)."
  type ShipmentActivity {
    "The activity's id."
    id: ID!
    "What happened, as a key (e.g. shipment.created)."
    kind: String!
    "The activity as a sentence in the request's language."
    content: String!
    "When it happened, ${UTC}."
    createdAt: DateTime!
    "Who did it; null for the system."
    actor: ActivityActor
  }

  """
  A tracked shipment. Members of the company read the shipments of the teams they see (Admins,
  and Managers with the headquarters view, every team). Read through a share link
  (shipment(shareToken:)), only what the share page shows may be asked for: shareToken, title,
  trackingNumber, trackingType, shippingLine, isArchived, isFailing, lastScrapedAt, the delays, the
  initial and requested dates the team shows, teamPublicSettings and latestHistory; any other field
  answers PERMISSION_DENIED.
  """
  type Shipment {
    "The shipment's id."
    id: ID!
    "The shipment's title, if given."
    title: String
    "A free-text remark (members only)."
    remark: String
    "The booking, B/L or container number."
    trackingNumber: String!
    "What kind of number trackingNumber is."
    trackingType: TrackingType!
    "The shipping line."
    shippingLine: ShippingLineCode!
    "Whether the shipment is archived (no longer refreshed nor counted against the tracking limit)."
    isArchived: Boolean!
    "Whether the last fetches from the carrier failed."
    isFailing: Boolean!
    "Why the last fetch failed (a tracking failure key); null when it did not."
    failedReason: String
    "Where the next fetch from the carrier stands."
    queueStatus: QueueStatus!
    "When the carrier's data was last fetched, ${UTC}."
    lastScrapedAt: DateTime
    "When the vessel's position was last read from AIS, ${UTC}."
    aisUpdatedAt: DateTime
    "The vessel's latitude (decimal degrees, WGS 84) from AIS."
    latitude: Float
    "The vessel's longitude (decimal degrees, WGS 84) from AIS."
    longitude: Float
    "Arrival predicted from the vessel's AIS position and speed, ${UTC}."
    predictedArrivalAt: DateTime
    "When the shipment was registered, ${UTC}."
    createdAt: DateTime!
    "The share link's token; only for those who may edit the shipment, null otherwise."
    shareToken: String
    "The team's custom field 1 value."
    customField1: String
    "The team's custom field 2 value."
    customField2: String
    "The team's custom field 3 value."
    customField3: String
    "The requested ETD: a calendar date, YYYY-MM-DD (no time zone)."
    requestedEtd: String
    "The requested ETA: a calendar date, YYYY-MM-DD (no time zone)."
    requestedEta: String
    "The first ETD the carrier gave, ${UTC}."
    initialEtd: DateTime
    "The first ETA the carrier gave, ${UTC}."
    initialEta: DateTime
    "Days the ETA is later than the first ETA (negative: earlier); null before both are known."
    delayDays: Int
    "Days the ETD is later than the first ETD (negative: earlier)."
    etdDelayDays: Int
    "Days the ETA is later than the requested ETA."
    requestedEtaDelayDays: Int
    "Days the ETD is later than the requested ETD."
    requestedEtdDelayDays: Int
    "The member who registered it; null for a deleted account."
    owner: ShipmentOwner
    "The team it belongs to."
    team: ShipmentTeam!
    "Which dates the team shows."
    teamPublicSettings: TeamPublicSettings!
    "Whether comments the viewer has not read exist."
    hasUnreadCommentForViewer: Boolean!
    "Whether the viewer marked it as a favorite."
    isFavoriteForViewer: Boolean!
    "The same as isFavoriteForViewer."
    isFavorite: Boolean!
    "Whether the viewer gets its notification e-mails."
    isNotificationEnabledForViewer: Boolean!
    "Comments, oldest first."
    comments: [Comment!]!
    "Activities, newest first."
    shipmentActivities: [ShipmentActivity!]!
    "Every fetch that changed something (and each failed one), oldest first."
    shipmentHistories: [ShipmentHistory!]!
    "The latest fetch; null before the first."
    latestHistory: ShipmentHistory
  }
`;
