// Every enum value here is copied exactly from ../shared/spec (01 §3–4, 02 §3–4).

export const SHIPPING_LINES = [
  { code: "ANL", label: "ANL", beta: false },
  { code: "CKLINE", label: "CK Line", beta: false },
  { code: "CMACGM", label: "CMA CGM", beta: false },
  { code: "CNC", label: "CNC", beta: false },
  { code: "COSCO", label: "COSCO", beta: false },
  { code: "DONGJIN", label: "Dongjin Shipping", beta: false },
  { code: "DONGYOUNG", label: "Dong Young Shipping", beta: false },
  { code: "DSV", label: "DSV", beta: false },
  { code: "EUKOR", label: "EUKOR", beta: false },
  { code: "EVERGREEN", label: "Evergreen", beta: false },
  { code: "EXPEDITORS", label: "Expeditors", beta: true },
  { code: "HAMBURGSUD", label: "Hamburg Süd", beta: false },
  { code: "HAPAGLLOYD", label: "Hapag-Lloyd", beta: false },
  { code: "HEUNGA", label: "Heung-A Line", beta: false },
  { code: "HMM", label: "HMM", beta: false },
  { code: "HOEGH", label: "Höegh Autoliners", beta: true },
  { code: "INTERASIA", label: "Interasia Lines", beta: false },
  { code: "JJ", label: "JJ Shipping", beta: false },
  { code: "KAMBARA", label: "Kambara Kisen", beta: false },
  { code: "KLINE", label: "K Line", beta: false },
  { code: "KMTC", label: "KMTC", beta: false },
  { code: "KUEHNENAGEL", label: "Kuehne+Nagel", beta: false },
  { code: "MAERSK", label: "Maersk", beta: false },
  { code: "MOL", label: "MOL", beta: false },
  { code: "MSC", label: "MSC", beta: false },
  { code: "MSSCO", label: "MSSCO", beta: false },
  { code: "NAMSUNG", label: "Namsung Shipping", beta: false },
  { code: "NYK", label: "NYK Line", beta: false },
  { code: "ONE", label: "ONE (Ocean Network Express)", beta: false },
  { code: "OOCL", label: "OOCL", beta: false },
  { code: "PANCON", label: "Pan Continental Shipping", beta: false },
  { code: "PANOCEAN", label: "Pan Ocean", beta: false },
  { code: "PIL", label: "PIL (Pacific International Lines)", beta: false },
  { code: "SEALAND", label: "Sealand", beta: false },
  { code: "SINOKOR", label: "Sinokor", beta: false },
  { code: "SINOTRANS", label: "Sinotrans", beta: false },
  { code: "SITC", label: "SITC", beta: false },
  { code: "STOLT", label: "Stolt Tankers", beta: false },
  { code: "SWIRE", label: "Swire Shipping", beta: false },
  { code: "TSLINE", label: "T.S. Lines", beta: false },
  { code: "WALLENIUS", label: "Wallenius Wilhelmsen", beta: true },
  { code: "WANHAI", label: "Wan Hai Lines", beta: false },
  { code: "WESTWOOD", label: "Westwood Shipping Lines", beta: false },
  { code: "YANGMING", label: "Yang Ming", beta: false },
  { code: "YUSEN", label: "Yusen Logistics", beta: false },
  { code: "ZIM", label: "ZIM", beta: false },
] as const;

export type ShippingLine = (typeof SHIPPING_LINES)[number]["code"];
export const SHIPPING_LINE_CODES = SHIPPING_LINES.map((l) => l.code) as unknown as readonly [
  ShippingLine,
  ...ShippingLine[],
];

export const TRACKING_TYPES = ["BOOKING_NUMBER", "CONTAINER_NUMBER", "BILL_OF_LADING_NUMBER"] as const;
export type TrackingType = (typeof TRACKING_TYPES)[number];

/** The provider's notices about a shipping line (spec 01 §8): it answers late, or is under maintenance. */
export const LINE_NOTICE_KINDS = ["DELAY", "MAINTENANCE"] as const;
export type LineNoticeKind = (typeof LINE_NOTICE_KINDS)[number];

export const PLANS = ["FREE", "STARTER", "STANDARD", "PREMIUM", "ENTERPRISE"] as const;
export type Plan = (typeof PLANS)[number];

/** The spec names IN_TRIAL, CHURN and WAITING_CONTRACT; ACTIVE is a paid, current contract. */
export const CONTRACT_STATUSES = ["IN_TRIAL", "CHURN", "WAITING_CONTRACT", "ACTIVE"] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_PERIODS = ["YEARLY", "MONTHLY"] as const;
export type ContractPeriod = (typeof CONTRACT_PERIODS)[number];

export const PAYMENT_METHODS = ["UNKNOWN", "CARD", "BANK_TRANSFER"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const TIME_STATUSES = ["ACTUAL", "ESTIMATED", "UNKNOWN"] as const;
export type TimeStatus = (typeof TIME_STATUSES)[number];

export const QUEUE_STATUSES = ["SLEEPING", "WAITING", "FETCHING"] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** Why a refresh failed (shipments.failedReason); each has a message under tracking.failures. */
export const TRACKING_FAILURE_KINDS = [
  "NOT_FOUND",
  "INVALID_NUMBER",
  "CANCELLED",
  "CARRIER_UNAVAILABLE",
  "RATE_LIMITED",
  "BAD_PAYLOAD",
] as const;
export type TrackingFailureKind = (typeof TRACKING_FAILURE_KINDS)[number];

export const HISTORY_STATUSES = ["success", "failed"] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export const INVITATION_STATUSES = ["INVITED", "JOINED"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const VISIBILITY_SCOPES = ["INTERNAL_ONLY", "LIMITED_SHARING"] as const;
export type VisibilityScope = (typeof VISIBILITY_SCOPES)[number];

export const TRANSHIP_NOTIFICATION_BEHAVIORS = ["ALL", "ONLY_LAST_VESSEL"] as const;
export type TranshipNotificationBehavior = (typeof TRANSHIP_NOTIFICATION_BEHAVIORS)[number];

export const SUBSCRIPTION_SETTINGS = ["ALL", "ONLYMINE", "NONE"] as const;
export type SubscriptionSetting = (typeof SUBSCRIPTION_SETTINGS)[number];

export const LANGUAGES = ["en", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];

export const ROLES = ["ADMIN", "MANAGER", "OPERATOR", "READONLY"] as const;
export type Role = (typeof ROLES)[number];

/**
 * Fixed role ids: an all-zero uuid whose last digit is 0 Admin, 1 Manager, 2 Operator, 3 Readonly
 * (spec 02 §3). Companies may rename roles; the ids never change.
 */
export const ROLE_IDS: Record<Role, string> = {
  ADMIN: "00000000-0000-0000-0000-000000000000",
  MANAGER: "00000000-0000-0000-0000-000000000001",
  OPERATOR: "00000000-0000-0000-0000-000000000002",
  READONLY: "00000000-0000-0000-0000-000000000003",
};

export function roleFromId(id: string): Role | undefined {
  return ROLES.find((r) => ROLE_IDS[r] === id);
}

export const HEADQUARTER_TEAM_ID = "HEADQUARTER";

export const SEARCH_FIELD_TYPES = [
  "text",
  "enum",
  "number",
  "date",
  "timestamp",
  "boolean",
  "longtext",
] as const;
export type SearchFieldType = (typeof SEARCH_FIELD_TYPES)[number];

export const SEARCH_OPERATORS = [
  "IS",
  "IS_NOT",
  "CONTAINS",
  "NOT_CONTAIN",
  "IS_EMPTY",
  "NOT_EMPTY",
  "BETWEEN",
  "GREATER_THAN",
  "LESS_THAN",
] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

/** Spec 01 §5: which operators each field type offers. */
export const OPERATORS_BY_FIELD_TYPE: Record<SearchFieldType, readonly SearchOperator[]> = {
  text: ["IS", "IS_NOT", "CONTAINS", "NOT_CONTAIN", "IS_EMPTY", "NOT_EMPTY"],
  enum: ["IS", "IS_NOT"],
  number: ["IS", "BETWEEN", "GREATER_THAN", "LESS_THAN"],
  date: ["BETWEEN", "IS_EMPTY", "NOT_EMPTY"],
  timestamp: ["BETWEEN"],
  boolean: ["IS"],
  longtext: ["CONTAINS", "NOT_CONTAIN", "IS_EMPTY", "NOT_EMPTY"],
};

/** Shipment change kinds recorded by the tracking engine; inputs of notifications and webhooks. */
export const SHIPMENT_CHANGE_KINDS = [
  "ETD",
  "ETA",
  "PLACE_OF_DELIVERY_ETA",
  "VESSEL",
  "TRANSHIPMENT",
  "ARRIVAL",
  "DELIVERY",
] as const;
export type ShipmentChangeKind = (typeof SHIPMENT_CHANGE_KINDS)[number];

export const COMPANY_APPROVAL_STATES = ["PENDING", "APPROVED", "REJECTED"] as const;
export type CompanyApprovalState = (typeof COMPANY_APPROVAL_STATES)[number];

export const ONE_TIME_TOKEN_PURPOSES = ["EMAIL_VERIFICATION", "PASSWORD_RESET"] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

export const OUTBOUND_EMAIL_STATUSES = ["PENDING", "SENT", "FAILED"] as const;
export type OutboundEmailStatus = (typeof OUTBOUND_EMAIL_STATUSES)[number];

export const UPGRADE_REQUEST_STATUSES = ["SUBMITTED", "ACCEPTED", "REJECTED"] as const;
export type UpgradeRequestStatus = (typeof UPGRADE_REQUEST_STATUSES)[number];
