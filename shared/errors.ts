// Error codes with the HTTP status each surface maps them to. The user-facing text of each code
// lives in shared/i18n/<lang>/errors.ts under the same key (the spec's English wording exactly).

export const ERROR_DEFINITIONS = {
  INTERNAL: { status: 500 },
  VALIDATION_FAILED: { status: 400 },
  NOT_FOUND: { status: 404 },
  UNAUTHENTICATED: { status: 401 },
  SESSION_EXPIRED: { status: 401 },
  PERMISSION_DENIED: { status: 403 },
  UPGRADE_REQUIRED: { status: 403 },
  NO_COMPANY: { status: 403 },
  RATE_LIMITED: { status: 429 },
  CSRF_REJECTED: { status: 403 },
  SHIPMENT_NOT_FOUND: { status: 404 },
  SERVER_ISSUE: { status: 503 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof ERROR_DEFINITIONS;

export function errorStatus(code: ErrorCode): number {
  return ERROR_DEFINITIONS[code].status;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_DEFINITIONS, value);
}
