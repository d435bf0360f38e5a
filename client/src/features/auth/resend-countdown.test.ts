// @vitest-environment node
import { describe, expect, it } from "vitest";
import { RESEND_VERIFICATION_COUNTDOWN_SECONDS } from "../../../../shared/constants";
import { memoryStorage } from "../../lib/memory-storage";
import { lastVerificationSentAt, markVerificationSent, secondsUntilResend } from "./resend-countdown";

const sent = 1_700_000_000_000;

describe("resend countdown", () => {
  it("counts down 30 seconds from the last e-mail, rounding up", () => {
    expect(RESEND_VERIFICATION_COUNTDOWN_SECONDS).toBe(30);
    expect(secondsUntilResend(sent, sent)).toBe(30);
    expect(secondsUntilResend(sent, sent + 1)).toBe(30);
    expect(secondsUntilResend(sent, sent + 1000)).toBe(29);
    expect(secondsUntilResend(sent, sent + 29_001)).toBe(1);
    expect(secondsUntilResend(sent, sent + 30_000)).toBe(0);
    expect(secondsUntilResend(sent, sent + 600_000)).toBe(0);
  });

  it("lets the first e-mail go at once", () => {
    expect(secondsUntilResend(null, sent)).toBe(0);
  });

  it("waits the full time when the stored time is in the future (a changed clock)", () => {
    expect(secondsUntilResend(sent + 60_000, sent)).toBe(30);
  });

  it("survives a reload through storage", () => {
    const store = memoryStorage();
    expect(lastVerificationSentAt(store)).toBeNull();
    markVerificationSent(sent, store);
    expect(lastVerificationSentAt(store)).toBe(sent);
    store.setItem("verificationEmailSentAt", "garbage");
    expect(lastVerificationSentAt(store)).toBeNull();
  });
});
