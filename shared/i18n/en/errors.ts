import type { ErrorCode } from "../../errors";

export const errors = {
  INTERNAL: "We are experiencing a server issue. Please try again later.",
  VALIDATION_FAILED: "Please check the highlighted fields.",
  NOT_FOUND: "Not found.",
  UNAUTHENTICATED: "Please sign in to continue.",
  SESSION_EXPIRED: "Your session has expired. Please sign in again",
  PERMISSION_DENIED: "You don't have permission to access this page.",
  UPGRADE_REQUIRED: "To use this feature, please upgrade.",
  NO_COMPANY: "You don't belong to any company. Please sign up or ask for an invitation.",
  RATE_LIMITED: "Too many attempts. Please wait {{seconds}} seconds and try again.",
  CSRF_REJECTED: "This request was refused because it did not come from this site.",
  SHIPMENT_NOT_FOUND: "We couldn't find the shipment.",
  SERVER_ISSUE: "We are experiencing a server issue. Please try again later.",
} satisfies Record<ErrorCode, string>;
