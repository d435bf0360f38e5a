import { HOUR_MS } from "../../core/clock";
import type { RateLimit } from "../../core/rate-limit";

// Rate limits of the /auth routes, kept in Postgres (core/rate-limit). E-mail keys are lower-cased
// so "A@x.com" and "a@x.com" share one counter.

const MINUTE_MS = 60 * 1000;

const email = (value: string) => value.trim().toLowerCase();

/** The start of every (account, address) sign-in counter of one account. */
export const signinPairPrefix = (address: string) => `signin:account-ip:${email(address)} `;

export const authLimits = {
  /**
   * Password guessing at one account from one address: refused past the limit, so a guesser is
   * stopped without locking out the owner elsewhere. Cleared by a success from that address.
   * (E-mail addresses never contain a space, so the prefix names one account's counters.)
   */
  signinPerAccountAndIp: (address: string, ip: string): RateLimit => ({
    key: `${signinPairPrefix(address)}${ip}`,
    limit: 10,
    windowMs: 15 * MINUTE_MS,
  }),
  /**
   * Accounts one address gave a wrong password for: never refused here (signinPerIp refuses), only
   * slowed down (signin-throttle.ts). Nothing is counted per account alone: strangers' guesses must
   * not slow the owner down.
   */
  signinFailuresPerIp: (ip: string): RateLimit => ({
    key: `signin:failures:ip:${ip}`,
    limit: Number.MAX_SAFE_INTEGER,
    windowMs: 15 * MINUTE_MS,
  }),
  /** One address spraying many accounts. */
  signinPerIp: (ip: string): RateLimit => ({ key: `signin:ip:${ip}`, limit: 50, windowMs: 15 * MINUTE_MS }),
  signupPerIp: (ip: string): RateLimit => ({ key: `signup:ip:${ip}`, limit: 20, windowMs: HOUR_MS }),
  /** Reset mails to one address (counted whether or not it has an account, so 429 reveals nothing). */
  passwordResetPerEmail: (address: string): RateLimit => ({
    key: `password-reset:email:${email(address)}`,
    limit: 5,
    windowMs: HOUR_MS,
  }),
  passwordResetPerIp: (ip: string): RateLimit => ({
    key: `password-reset:ip:${ip}`,
    limit: 30,
    windowMs: HOUR_MS,
  }),
  /** The console allows a resend every 30 seconds; five an hour is plenty for a person. */
  verificationPerEmail: (address: string): RateLimit => ({
    key: `verification:email:${email(address)}`,
    limit: 5,
    windowMs: HOUR_MS,
  }),
  /** Guessing the current password with a stolen session. */
  passwordChangePerUser: (userId: string): RateLimit => ({
    key: `password-change:user:${userId}`,
    limit: 10,
    windowMs: 15 * MINUTE_MS,
  }),
};
