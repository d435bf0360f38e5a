import { describe, expect, it } from "vitest";
import {
  ERROR_CODES,
  ERROR_DEFINITIONS,
  type ErrorCode,
  errorStatus,
  isErrorCode,
  isReportedError,
} from "./errors";
import { errorMessage } from "./i18n";
import { en } from "./i18n/en";
import { ja } from "./i18n/ja";

// The spec's quoted wording, character for character ({x} written as i18next's {{x}}).
const SPEC_WORDING: Partial<Record<ErrorCode, string>> = {
  SHIPMENT_NOT_FOUND: "We couldn't find the shipment.",
  SESSION_EXPIRED: "Your session has expired. Please sign in again",
  SERVER_ISSUE: "We are experiencing a server issue. Please try again later.",
  TRACKING_TYPE_INFERENCE_FAILED: "Failed to infer tracking types.",
  COMPANY_CREATION_FAILED: "Failed to create company",
  INVITATION_LEGACY: "This invitation link is no longer valid",
  INVITATION_NOT_FOUND: "The invitation code is wrong. Please check URL.",
  INVITATION_EXPIRED: "Invitation has expired. Please ask the administrator to re-invite you.",
  INVITATION_EMAIL_MISMATCH: "Please use the email address that was invited ({{email}})",
  GOOGLE_EMAIL_MISMATCH:
    "The email you're signing in with ({{email}}) doesn't match the invited email ({{invitedEmail}}). Please use the correct Google account.",
  INVALID_TOKEN: "Invalid Token. Please try again",
  MEMBER_LIMIT_REACHED: "You have reached maximum members. Please upgrade to invite more members.",
  PERMISSION_DENIED: "You don't have permission to access this page.",
  UPGRADE_REQUIRED: "To use this feature, please upgrade.",
  SOMETHING_FAILED: "Something failed. Please try again later.",
  WEAK_PASSWORD:
    "Password should contain at least one lowercase letter, one uppercase letter, one digit, with a minimum length of 10 characters.",
  ATTACHMENT_DOWNLOAD_URL_FAILED: "Failed to get download URL",
  ATTACHMENT_TOO_LARGE: "{{n}} file(s) exceeded the maximum size of 5 MB",
  ATTACHMENT_TYPE_NOT_ALLOWED:
    "This file type is not allowed. Only PDF, PNG, JPEG, GIF, and TIF files are allowed.",
  ATTACHMENT_SELECTION_FAILED: "Some files could not be selected. Please try again.",
  ATTACHMENT_UPLOAD_PARTIAL_FAILED: "{{n}} file(s) failed to upload",
  ATTACHMENT_UPLOAD_FAILED: "Failed to upload files",
  ATTACHMENT_DOWNLOAD_FAILED: "Failed to download file",
  CSV_TOO_MANY_ROWS: "CSV file contains too many rows. Maximum allowed is 10,000 rows.",
  CSV_SHIPMENT_ID_REQUIRED: "ShipmentId is required for bulk update",
  CSV_INVALID_SHIPMENT_ID: "Invalid ShipmentId format (must be UUID)",
};

// Where the spec quotes only part of the message.
const SPEC_FRAGMENTS: Partial<Record<ErrorCode, string[]>> = {
  CSV_TOO_MANY_SHIPMENTS: ["more than 100 shipments"],
  CSV_INVALID_REQUESTED_ETD: ["Invalid RequestedEtd format"],
  CSV_INVALID_REQUESTED_ETA: ["Invalid RequestedEta format"],
  CSV_CUSTOM_FIELDS_NOT_AVAILABLE: [
    "Custom fields are not available for plan ",
    "Please upgrade to Premium or Enterprise plan",
  ],
};

describe("error catalogue", () => {
  it.each(Object.entries(SPEC_WORDING))("%s uses the spec's wording", (code, text) => {
    expect(en.errors[code as ErrorCode]).toBe(text);
  });

  it.each(Object.entries(SPEC_FRAGMENTS))("%s contains the spec's words", (code, fragments) => {
    for (const fragment of fragments ?? []) expect(en.errors[code as ErrorCode]).toContain(fragment);
  });

  it("has an English and a Japanese message and an HTTP error status for every code", () => {
    for (const code of ERROR_CODES) {
      expect(en.errors[code]).toBeTruthy();
      expect(ja.errors[code]).toBeTruthy();
      expect(errorStatus(code)).toBeGreaterThanOrEqual(400);
      expect(errorStatus(code)).toBeLessThan(600);
    }
    expect(Object.keys(en.errors).sort()).toEqual([...ERROR_CODES].sort());
  });

  it("keeps the codes the skeleton started with", () => {
    for (const code of [
      "INTERNAL",
      "VALIDATION_FAILED",
      "NOT_FOUND",
      "UNAUTHENTICATED",
      "SESSION_EXPIRED",
      "PERMISSION_DENIED",
      "UPGRADE_REQUIRED",
      "NO_COMPANY",
      "RATE_LIMITED",
      "CSRF_REJECTED",
      "SHIPMENT_NOT_FOUND",
      "SERVER_ISSUE",
    ]) {
      expect(isErrorCode(code)).toBe(true);
    }
    expect(isErrorCode("toString")).toBe(false);
  });

  it("maps statuses by kind", () => {
    expect(ERROR_DEFINITIONS.PERMISSION_DENIED.status).toBe(403);
    expect(ERROR_DEFINITIONS.SESSION_EXPIRED.status).toBe(401);
    expect(ERROR_DEFINITIONS.INVITATION_NOT_FOUND.status).toBe(404);
    expect(ERROR_DEFINITIONS.INVITATION_EXPIRED.status).toBe(410);
    expect(ERROR_DEFINITIONS.RATE_LIMITED.status).toBe(429);
    expect(ERROR_DEFINITIONS.MFA_LOCKED.status).toBe(429);
    expect(ERROR_DEFINITIONS.EMAIL_ALREADY_REGISTERED.status).toBe(409);
  });

  it("does not report the errors spec 01 §8 calls expected", () => {
    for (const code of [
      "INVALID_TRACKING_NUMBER",
      "SESSION_EXPIRED",
      "WEAK_PASSWORD",
      "INVALID_CREDENTIALS",
    ] as const) {
      expect(isReportedError(code)).toBe(false);
    }
    expect(isReportedError("INTERNAL")).toBe(true);
  });

  it("fills parameters in both languages", () => {
    const params = { email: "me@example.com", invitedEmail: "invited@example.com" };
    expect(errorMessage("en", "GOOGLE_EMAIL_MISMATCH", params)).toBe(
      "The email you're signing in with (me@example.com) doesn't match the invited email (invited@example.com). Please use the correct Google account.",
    );
    const jaText = errorMessage("ja", "GOOGLE_EMAIL_MISMATCH", params);
    expect(jaText).toContain("me@example.com");
    expect(jaText).toContain("invited@example.com");
    expect(errorMessage("en", "CSV_CUSTOM_FIELDS_NOT_AVAILABLE", { plan: "STANDARD" })).toBe(
      "Custom fields are not available for plan STANDARD. Please upgrade to Premium or Enterprise plan",
    );
  });
});
