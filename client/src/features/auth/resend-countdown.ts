import { RESEND_VERIFICATION_COUNTDOWN_SECONDS } from "../../../../shared/constants";

// The verification e-mail may be re-sent 30 seconds after the last one (spec 01 §2, §9). The time
// of the last one is kept per tab, so a reload does not reset the wait.

export const VERIFICATION_SENT_AT_KEY = "verificationEmailSentAt";

/** Whole seconds until another e-mail may be sent; 0 when it may be sent now. */
export function secondsUntilResend(
  lastSentAt: number | null,
  now: number,
  waitSeconds: number = RESEND_VERIFICATION_COUNTDOWN_SECONDS,
): number {
  if (lastSentAt === null || lastSentAt > now) return lastSentAt === null ? 0 : waitSeconds;
  return Math.max(0, Math.ceil((lastSentAt + waitSeconds * 1000 - now) / 1000));
}

type Store = Pick<Storage, "getItem" | "setItem">;

function sessionStore(): Store | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function lastVerificationSentAt(store: Store | undefined = sessionStore()): number | null {
  try {
    const value = Number(store?.getItem(VERIFICATION_SENT_AT_KEY) ?? Number.NaN);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

export function markVerificationSent(
  now: number = Date.now(),
  store: Store | undefined = sessionStore(),
): void {
  try {
    store?.setItem(VERIFICATION_SENT_AT_KEY, String(now));
  } catch {
    // Without storage the countdown only lasts while the page stays open.
  }
}
