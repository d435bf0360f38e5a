import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

// TOTP as authenticator apps expect it (RFC 6238 defaults: SHA-1, 6 digits, 30-second steps).
// Time always comes from the caller's clock, never from otplib's own Date.now(), so tests move it.

export const TOTP_ISSUER = "Tracking";
export const TOTP_PERIOD_SECONDS = 30;
/** 20 bytes = 160 bits, RFC 4226's recommended secret length. */
export const TOTP_SECRET_BYTES = 20;
/** One step either side absorbs the clock drift of a phone. */
const DRIFT_STEPS = 1;

export function generateTotpSecret(): string {
  return generateSecret({ length: TOTP_SECRET_BYTES });
}

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: TOTP_PERIOD_SECONDS });
}

/** The otpauth:// URI drawn as a PNG data URL, for the enrolment screen. */
export function totpQrCodeDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 2, width: 240 });
}

export function epochSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

/**
 * The time step a code belongs to when it is valid at `at` (within the drift window), else null.
 * Replay is the caller's business: it compares the step with the last one it accepted.
 */
export async function matchTotpStep(secret: string, code: string, at: Date): Promise<number | null> {
  const result = await verify({
    strategy: "totp",
    secret,
    token: code,
    epoch: epochSeconds(at),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: DRIFT_STEPS * TOTP_PERIOD_SECONDS,
  });
  if (!result.valid || !("timeStep" in result)) return null;
  return result.timeStep;
}
