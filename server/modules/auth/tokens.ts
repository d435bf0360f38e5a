import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

/** 120 random bits in a URL- and cookie-safe alphabet (lucia's generateSecureRandomString). */
export function secureRandomString(bytes = 15): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return encodeBase32LowerCaseNoPadding(buffer);
}

export function sha256Bytes(value: string): Uint8Array {
  return sha256(new TextEncoder().encode(value));
}

/** Hex SHA-256 of a token, the form single-use tokens are stored and looked up by. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256Bytes(token));
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && constantTimeEqual(a, b);
}
