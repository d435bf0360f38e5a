// Error codes with the HTTP status each surface maps them to. The user-facing text of each code
// lives in shared/i18n/<lang>/errors.ts under the same key (the spec's English wording exactly).
// `report: false` marks the errors spec 01 §8 says are expected and not sent to error reporting.

type ErrorDefinition = { status: number; report?: false };

export const ERROR_DEFINITIONS = {
  INTERNAL: { status: 500 },
  VALIDATION_FAILED: { status: 400, report: false },
  NOT_FOUND: { status: 404 },
  UNAUTHENTICATED: { status: 401, report: false },
  SESSION_EXPIRED: { status: 401, report: false },
  PERMISSION_DENIED: { status: 403 },
  UPGRADE_REQUIRED: { status: 403 },
  NO_COMPANY: { status: 403 },
  RATE_LIMITED: { status: 429 },
  CSRF_REJECTED: { status: 403 },
  SHIPMENT_NOT_FOUND: { status: 404 },
  SERVER_ISSUE: { status: 503 },
  SOMETHING_FAILED: { status: 500 },
  // GraphQL requests the API customer's client got wrong: their own codes, never INTERNAL.
  GRAPHQL_SYNTAX_ERROR: { status: 400, report: false },
  GRAPHQL_VALIDATION_FAILED: { status: 400, report: false },
  GRAPHQL_QUERY_TOO_COMPLEX: { status: 400, report: false },
  GRAPHQL_BATCH_NOT_SUPPORTED: { status: 400, report: false },
  GRAPHQL_CSRF_REJECTED: { status: 400, report: false },
  GRAPHQL_REQUEST_MALFORMED: { status: 400, report: false },
  // Automatic persisted queries: the client sends the document again with its hash.
  PERSISTED_QUERY_NOT_FOUND: { status: 400, report: false },
  PERSISTED_QUERY_NOT_SUPPORTED: { status: 400, report: false },

  // Sign-in, sign-up, password, e-mail verification, multi-factor.
  INVALID_CREDENTIALS: { status: 401, report: false },
  WRONG_CURRENT_PASSWORD: { status: 400, report: false },
  WEAK_PASSWORD: { status: 400, report: false },
  EMAIL_ALREADY_REGISTERED: { status: 409 },
  EMAIL_NOT_VERIFIED: { status: 403 },
  INVALID_TOKEN: { status: 400 },
  PASSWORD_RESET_TOKEN_INVALID: { status: 400 },
  MFA_REQUIRED: { status: 401 },
  MFA_CODE_INVALID: { status: 400, report: false },
  MFA_LOCKED: { status: 429 },
  MFA_NOT_SET_UP: { status: 400 },
  MFA_ALREADY_ENABLED: { status: 409 },
  MFA_CODE_ALREADY_USED: { status: 400, report: false },
  // Turning MFA on or off with a session that did not sign in recently: the password proves it.
  RECENT_SIGN_IN_REQUIRED: { status: 403, report: false },
  THIRD_PARTY_TOKEN_INVALID: { status: 401, report: false },
  THIRD_PARTY_EMAIL_NOT_VERIFIED: { status: 403, report: false },
  THIRD_PARTY_UNAVAILABLE: { status: 503 },
  // A deployment without that provider: a 4xx with its own message, never retried as a server issue.
  THIRD_PARTY_NOT_CONFIGURED: { status: 400 },
  UNSUBSCRIBE_TOKEN_INVALID: { status: 404 },
  // Spec 01 §8 names this code: GET /auth/me without a session, expected and not reported.
  UnableToGetUserSession: { status: 401, report: false },
  EMAIL_VERIFICATION_TOKEN_INVALID: { status: 400, report: false },
  SSO_REDIRECT_NOT_ALLOWED: { status: 400 },
  LAST_ADMIN_CANNOT_DELETE_ACCOUNT: { status: 409, report: false },
  TRIAL_CANCEL_NOT_ALLOWED: { status: 409 },
  CONFIRMATION_REQUIRED: { status: 400, report: false },

  // Company, plan and contract.
  COMPANY_CREATION_FAILED: { status: 500 },
  COMPANY_ALREADY_EXISTS: { status: 409 },
  COMPANY_NOT_APPROVED: { status: 403 },
  TRIAL_ENDED: { status: 403 },
  CONTRACT_ENDED: { status: 403, report: false },
  COMPANY_DELETE_FREE_ONLY: { status: 403 },
  HEADQUARTERS_PREMIUM_ONLY: { status: 403 },
  CUSTOM_FIELDS_PREMIUM_ONLY: { status: 403 },
  API_REQUIRES_PAID_PLAN: { status: 403 },
  API_NOT_APPROVED: { status: 403 },
  // API access (GraphQL with an API token): a missing-from-the-table, wrong or revoked token, its
  // per-token rate limit, and session-only actions (password, MFA, sign-out) refused to a token.
  API_TOKEN_INVALID: { status: 401, report: false },
  API_RATE_LIMITED: { status: 429, report: false },
  SESSION_REQUIRED: { status: 403, report: false },
  MEMBER_LIMIT_REACHED: { status: 403 },
  TRACKING_LIMIT_REACHED: { status: 403 },

  // Invitations, members, teams, guests.
  INVITATION_LEGACY: { status: 410 },
  INVITATION_NOT_FOUND: { status: 404 },
  INVITATION_EXPIRED: { status: 410 },
  INVITATION_NOT_PENDING: { status: 409 },
  INVITATION_EMAIL_MISMATCH: { status: 400 },
  GOOGLE_EMAIL_MISMATCH: { status: 400 },
  INVITATION_DOMAIN_NOT_ALLOWED: { status: 400 },
  ALREADY_MEMBER: { status: 409 },
  // An address the company may not invite, without saying why (it may be another company's member).
  INVITATION_NOT_POSSIBLE: { status: 409, report: false },
  TEAM_NOT_FOUND: { status: 404 },
  TEAM_ARCHIVED: { status: 409 },
  CANNOT_LEAVE_ONLY_TEAM: { status: 409 },
  CANNOT_CHANGE_OWN_ROLE: { status: 409 },
  LAST_ADMIN: { status: 409 },
  GUEST_ALREADY_ADDED: { status: 409 },
  INVITATION_NO_SEAT: { status: 409 },
  INVITATION_HAS_COMPANY: { status: 409, report: false },
  INVITATION_SIGN_IN_TO_ACCEPT: { status: 409, report: false },
  INVITATIONS_TO_ADDRESS_LIMITED: { status: 429 },
  INVITATIONS_FROM_COMPANY_LIMITED: { status: 429 },
  TEAM_JOIN_NOT_ALLOWED: { status: 403 },

  // Port-community (Cyberport) integration of a team: its refusals and the import's outcomes.
  CYBERPORT_NOT_ENABLED: { status: 409, report: false },
  CYBERPORT_CREDENTIALS_INCOMPLETE: { status: 409, report: false },
  CYBERPORT_IMPORT_IN_PROGRESS: { status: 409, report: false },
  CYBERPORT_NOT_CONFIGURED: { status: 503 },
  CYBERPORT_BAD_CREDENTIALS: { status: 400, report: false },
  CYBERPORT_UNAVAILABLE: { status: 503 },
  CYBERPORT_BOOKING_INVALID: { status: 400, report: false },
  CYBERPORT_BOOKING_NO_LINE: { status: 400, report: false },
  CYBERPORT_IMPORT_INTERRUPTED: { status: 500 },

  // Requests the framework refuses before any route runs (body, media type, URL).
  MALFORMED_REQUEST: { status: 400 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },

  // Shipments and tracking.
  INVALID_TRACKING_NUMBER: { status: 400, report: false },
  TRACKING_TYPE_INFERENCE_FAILED: { status: 422 },
  TRACKING_TYPE_NOT_SUPPORTED: { status: 400 },
  SHIPMENT_RETRIEVAL_FAILED: { status: 422 },
  DUPLICATE_TRACKING_NUMBER: { status: 409 },
  CONTAINER_CHECK_DIGIT_MISMATCH: { status: 400, report: false },

  // Attachments (some are raised by the browser, before or around the upload).
  ATTACHMENT_NOT_FOUND: { status: 404 },
  ATTACHMENT_DOWNLOAD_URL_FAILED: { status: 500 },
  ATTACHMENT_TOO_LARGE: { status: 413 },
  ATTACHMENT_TYPE_NOT_ALLOWED: { status: 415 },
  ATTACHMENT_SELECTION_FAILED: { status: 400 },
  ATTACHMENT_UPLOAD_PARTIAL_FAILED: { status: 500 },
  ATTACHMENT_UPLOAD_FAILED: { status: 500 },
  ATTACHMENT_DOWNLOAD_FAILED: { status: 500 },
  CONNECT_NOT_ENABLED: { status: 403 },
  ATTACHMENT_CONTENT_MISMATCH: { status: 415, report: false },
  ATTACHMENT_NOT_RECEIVED: { status: 409, report: false },
  ATTACHMENT_STORAGE_FULL: { status: 409, report: false },
  ATTACHMENT_SHARED_STORAGE_FULL: { status: 409, report: false },
  ATTACHMENT_GUEST_QUOTA_REACHED: { status: 409, report: false },
  ATTACHMENT_SHARE_MAILS_FROM_SENDER_LIMITED: { status: 429, report: false },
  ATTACHMENT_SHARE_MAILS_FROM_COMPANY_LIMITED: { status: 429, report: false },

  // CSV create and bulk update (reported per line, spec 01 §5 and §8).
  CSV_NOT_CSV_FILE: { status: 400 },
  CSV_HEADER_REQUIRED: { status: 400 },
  CSV_TOO_MANY_SHIPMENTS: { status: 400 },
  CSV_TOO_MANY_ROWS: { status: 400 },
  CSV_PARSE_ERROR: { status: 400 },
  CSV_REQUIRED_FIELDS_EMPTY: { status: 400 },
  CSV_INVALID_LINER: { status: 400 },
  CSV_INVALID_TRACKING_TYPE: { status: 400 },
  CSV_SHIPMENT_ID_REQUIRED: { status: 400 },
  CSV_INVALID_SHIPMENT_ID: { status: 400 },
  CSV_INVALID_REQUESTED_ETD: { status: 400 },
  CSV_INVALID_REQUESTED_ETA: { status: 400 },
  CSV_CUSTOM_FIELDS_NOT_AVAILABLE: { status: 403 },

  // Plans, upgrades and card payment (spec 02 §2, §4, §7).
  UPGRADE_START_DATE_PAST: { status: 400, report: false },
  UPGRADE_ALREADY_CONTRACTED: { status: 409, report: false },
  CARD_PAYMENT_UNAVAILABLE: { status: 503 },
  // No card provider in this deployment: a lasting state, not an outage, so never retried.
  CARD_PAYMENT_NOT_CONFIGURED: { status: 409, report: false },
  NO_PENDING_CARD_UPGRADE: { status: 409, report: false },
  CHECKOUT_NOT_FOUND: { status: 404 },
  CHECKOUT_NOT_COMPLETED: { status: 409, report: false },
  BILLING_PORTAL_UNAVAILABLE: { status: 409, report: false },
  PAYMENT_SIGNATURE_INVALID: { status: 400 },
  // The provider's review of upgrade requests (admin CLI, spec 02 §4).
  UPGRADE_REQUEST_PENDING: { status: 409, report: false },
  UPGRADE_REQUEST_NOT_FOUND: { status: 404, report: false },
  UPGRADE_REQUEST_DECIDED: { status: 409, report: false },
  UPGRADE_REQUEST_CARD: { status: 409, report: false },
  UPGRADE_CONTRACT_START_PAST: { status: 400, report: false },

  // Webhooks (API settings): the URL an Admin saves, and the delivery log.
  WEBHOOK_URL_INVALID: { status: 400, report: false },
  WEBHOOK_URL_HTTPS_REQUIRED: { status: 400, report: false },
  WEBHOOK_URL_CREDENTIALS: { status: 400, report: false },
  WEBHOOK_URL_PRIVATE_ADDRESS: { status: 400, report: false },
  WEBHOOK_NOT_CONFIGURED: { status: 409, report: false },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, report: false },

  // The calendar feed (Notification Settings): its secret address and the calendar clients polling it.
  CALENDAR_FEED_NOT_FOUND: { status: 404, report: false },
  CALENDAR_FEED_NONE: { status: 404, report: false },
  CALENDAR_FEED_RATE_LIMITED: { status: 429, report: false },

  // Live schedule updates: one person's open streams on one web process.
  LIVE_STREAMS_LIMITED: { status: 429, report: false },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_DEFINITIONS;

export const ERROR_CODES = Object.keys(ERROR_DEFINITIONS) as ErrorCode[];

export function errorStatus(code: ErrorCode): number {
  return ERROR_DEFINITIONS[code].status;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_DEFINITIONS, value);
}

/** Whether the console sends this error to the error-reporting service. */
export function isReportedError(code: ErrorCode): boolean {
  const def: ErrorDefinition = ERROR_DEFINITIONS[code];
  return def.report !== false;
}
