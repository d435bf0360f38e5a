import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { hashToken } from "../auth/tokens";

// A feed address's secret is `cal_` and 32 random bytes in base64url (43 characters). The prefix
// lets people and secret scanners recognise a leaked address; only its SHA-256 is stored (as for
// API keys), and its last characters (the hint) tell which address is in use without revealing it.

export const CALENDAR_TOKEN_PREFIX = "cal_";
const RANDOM_BYTES = 32;
const HINT_LENGTH = 4;
const TOKEN_SHAPE = /^cal_[A-Za-z0-9_-]{43}$/;

/** Where calendar clients fetch a feed: the token is the last path segment, before `.ics`. */
export const CALENDAR_FEED_PATH = "/calendar";

export interface IssuedCalendarToken {
  token: string;
  tokenHash: string;
  hint: string;
}

export function issueCalendarToken(): IssuedCalendarToken {
  const bytes = new Uint8Array(RANDOM_BYTES);
  crypto.getRandomValues(bytes);
  const token = `${CALENDAR_TOKEN_PREFIX}${encodeBase64urlNoPadding(bytes)}`;
  return { token, tokenHash: hashToken(token), hint: token.slice(-HINT_LENGTH) };
}

/** The stored form of a presented token, or null when it cannot be one of ours (never looked up). */
export function calendarTokenHash(presented: string): string | null {
  return TOKEN_SHAPE.test(presented) ? hashToken(presented) : null;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** The address to subscribe to, and the same as webcal:// (which opens the calendar app). */
export function calendarFeedUrls(appUrl: string, token: string) {
  const url = `${trimSlash(appUrl)}${CALENDAR_FEED_PATH}/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, "webcal://") };
}
