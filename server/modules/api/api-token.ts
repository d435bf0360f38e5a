import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { hashToken } from "../auth/tokens";

// An API token is `trk_` and 32 random bytes in base64url (43 characters). The prefix lets people
// and secret scanners recognise a leaked key; only its SHA-256 is stored, so the table cannot be
// replayed, and its last characters (the hint) tell which key is in use without revealing it.

export const API_TOKEN_PREFIX = "trk_";
const RANDOM_BYTES = 32;
const HINT_LENGTH = 4;
/** Longer than any token we issue: refused before hashing, so a flood of huge headers costs nothing. */
const MAX_TOKEN_LENGTH = 128;

export interface IssuedToken {
  token: string;
  tokenHash: string;
  hint: string;
}

export function issueApiToken(): IssuedToken {
  const bytes = new Uint8Array(RANDOM_BYTES);
  crypto.getRandomValues(bytes);
  const token = `${API_TOKEN_PREFIX}${encodeBase64urlNoPadding(bytes)}`;
  return { token, tokenHash: hashToken(token), hint: token.slice(-HINT_LENGTH) };
}

/** The stored form of a presented token, or null when it cannot be one of ours. */
export function apiTokenHash(presented: string): string | null {
  if (!presented.startsWith(API_TOKEN_PREFIX) || presented.length > MAX_TOKEN_LENGTH) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(presented)) return null;
  return hashToken(presented);
}

/** What the settings page shows for a key: the prefix, dots, and the hint. */
export function maskedApiToken(hint: string): string {
  return `${API_TOKEN_PREFIX}${"•".repeat(12)}${hint}`;
}

/** The token in an `Authorization: Bearer <token>` header; null when the header has another scheme. */
export function bearerToken(header: string): string | null {
  const match = /^Bearer[ \t]+(\S*)[ \t]*$/i.exec(header);
  return match ? (match[1] ?? "") : null;
}
