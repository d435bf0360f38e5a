import {
  HISTORY_STATUSES,
  QUEUE_STATUSES,
  SEARCH_OPERATORS,
  SHIPPING_LINE_CODES,
  TIME_STATUSES,
  TRACKING_TYPES,
} from "../../../shared/enums";
import { ORDER_BY_TYPES, SHIPMENT_SORT_FIELDS, SHIPMENT_TABS } from "../../../shared/schemas/list";
import { SHIPMENT_SEARCH_FIELDS } from "../../../shared/schemas/search";

// The shipments part of the API customers' schema (spec 01 §3 fields, §7 operations). Enum values
// come from the shared lists, so the schema cannot drift from what the services accept.

const values = (list: readonly string[]) => list.join(" ");

export const shipmentsTypeDefs = /* GraphQL */ `
  enum TrackingType { ${values(TRACKING_TYPES)} }
  enum ShippingLineCode { ${values(SHIPPING_LINE_CODES)} }
  enum QueueStatus { ${values(QUEUE_STATUSES)} }
  enum TimeStatus { ${values(TIME_STATUSES)} }
  enum HistoryStatus { ${values(HISTORY_STATUSES)} }
  enum OrderByType { ${values(ORDER_BY_TYPES)} }
  enum ShipmentSortField { ${values(SHIPMENT_SORT_FIELDS)} }
  enum ShipmentTab { ${values(SHIPMENT_TABS)} }
  enum ShipmentSearchField { ${values(Object.keys(SHIPMENT_SEARCH_FIELDS))} }
  enum SearchOperator { ${values(SEARCH_OPERATORS)} }

  "A search value: a string, number or boolean, or a list of two for BETWEEN."
  scalar SearchValue

  type Place {
    "UN/LOCODE."
    locode: String
    name: String
    latitude: Float
    longitude: Float
    "IANA time zone of the place, for its local time."
    timeZone: String
  }

  type Vessel {
    id: ID!
    sequence: Int!
    vesselName: String
    imo: String
    mmsi: String
    voyage: String
    loadingPort: Place
    dischargingPort: Place
    departureTime: DateTime
    departureTimeStatus: TimeStatus
    arrivalTime: DateTime
    arrivalTimeStatus: TimeStatus
  }

  type Container {
    id: ID!
    containerNumber: String!
    grossWeightKilograms: Float
    sizeType: String
    sizeTypeOriginal: String
    emptyContainerReleasedToShipperTime: DateTime
    gateInTime: DateTime
    gateOutTime: DateTime
    emptyContainerReturnedFromCustomerTime: DateTime
  }

  type ShipmentHistory {
    id: ID!
    status: HistoryStatus!
    "Why the fetch failed (a tracking failure key), when it did."
    failedReason: String
    createdAt: DateTime!
    placeOfReceipt: Place
    loadingPort: Place
    dischargingPort: Place
    departureTime: DateTime
    departureTimeStatus: TimeStatus
    arrivalTime: DateTime
    arrivalTimeStatus: TimeStatus
    vesselVoyage: String
    placeOfDelivery: Place
    placeOfDeliveryEta: DateTime
    placeOfDeliveryEtaStatus: TimeStatus
    containerSizeType: String
    containerGrossWeightSum: Float
    vessels: [Vessel!]!
    containers: [Container!]!
  }

  type ShipmentOwner {
    id: ID!
    nickname: String!
    color: String!
    email: String!
  }

  type ShipmentTeam {
    id: ID!
    name: String!
    customField1Name: String
    customField2Name: String
    customField3Name: String
    customField1Enabled: Boolean!
    customField2Enabled: Boolean!
    customField3Enabled: Boolean!
  }

  type TeamPublicSettings {
    enableRequestedEtd: Boolean!
    enableRequestedEta: Boolean!
    enableInitialEtd: Boolean!
    enableInitialEta: Boolean!
  }

  type ShipmentPerson {
    id: ID!
    nickname: String!
    color: String!
  }

  type Comment {
    id: ID!
    content: String!
    createdAt: DateTime!
    user: ShipmentPerson
    "Written by the caller."
    isOwn: Boolean!
  }

  type ActivityActor {
    nickname: String!
    color: String!
  }

  type ShipmentActivity {
    id: ID!
    kind: String!
    "The activity as a sentence in the request's language."
    content: String!
    createdAt: DateTime!
    actor: ActivityActor
  }

  """
  A tracked shipment. Read through a share link (shipment(shareToken:)), only what the share page
  shows may be asked for: shareToken, title, trackingNumber, trackingType, shippingLine, isArchived,
  isFailing, lastScrapedAt, the delays, the initial and requested dates the team shows,
  teamPublicSettings and latestHistory; any other field answers PERMISSION_DENIED.
  """
  type Shipment {
    id: ID!
    title: String
    remark: String
    trackingNumber: String!
    trackingType: TrackingType!
    shippingLine: ShippingLineCode!
    isArchived: Boolean!
    isFailing: Boolean!
    failedReason: String
    queueStatus: QueueStatus!
    lastScrapedAt: DateTime
    aisUpdatedAt: DateTime
    latitude: Float
    longitude: Float
    predictedArrivalAt: DateTime
    createdAt: DateTime!
    "The share link's token; only for those who may edit the shipment, null otherwise."
    shareToken: String
    customField1: String
    customField2: String
    customField3: String
    "Calendar date, YYYY-MM-DD."
    requestedEtd: String
    "Calendar date, YYYY-MM-DD."
    requestedEta: String
    initialEtd: DateTime
    initialEta: DateTime
    delayDays: Int
    etdDelayDays: Int
    requestedEtaDelayDays: Int
    requestedEtdDelayDays: Int
    owner: ShipmentOwner
    team: ShipmentTeam!
    teamPublicSettings: TeamPublicSettings!
    hasUnreadCommentForViewer: Boolean!
    isFavoriteForViewer: Boolean!
    "The same as isFavoriteForViewer."
    isFavorite: Boolean!
    isNotificationEnabledForViewer: Boolean!
    "Oldest first."
    comments: [Comment!]!
    "Newest first."
    shipmentActivities: [ShipmentActivity!]!
    "Every fetch that changed something (and each failed one), oldest first."
    shipmentHistories: [ShipmentHistory!]!
    latestHistory: ShipmentHistory
  }
`;
