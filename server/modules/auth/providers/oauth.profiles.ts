import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod";
import type { Config } from "../../../config";
import { AppError } from "../../../core/app-error";

// The network edge of third-party sign-in: what Google's userinfo endpoint and a Firebase ID token
// say about a person. Everything here is checked before an account is looked at.

export type ThirdPartyProvider = "google" | "firebase";

export interface ThirdPartyProfile {
  provider: ThirdPartyProvider;
  /** The provider's stable account id. */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

/** Spec 01 §7: requests to other services give up after five seconds. */
export const THIRD_PARTY_TIMEOUT_MS = 5000;
/** Leeway for the provider's clock against ours when checking token times. */
const CLOCK_SKEW_SECONDS = 60;

// Google answers email_verified as a boolean; some of its endpoints as the string "true".
const verifiedFlag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

const GoogleUserinfo = z.object({
  sub: z.string().min(1),
  email: z.string().trim().min(1).max(320).optional(),
  email_verified: verifiedFlag.optional(),
  name: z.string().trim().max(200).optional(),
});

// Google's tokeninfo answers its numbers as strings.
const GoogleTokeninfo = z.object({
  aud: z.string().optional(),
  azp: z.string().optional(),
  sub: z.string().optional(),
  expires_in: z.coerce.number().optional(),
});

type GoogleConfig = Pick<Config, "GOOGLE_USERINFO_URL" | "GOOGLE_TOKENINFO_URL" | "GOOGLE_CLIENT_ID">;

/**
 * Who the access token belongs to, once we know it was issued to this deployment. Userinfo alone
 * answers for any valid token, so a token another app obtained from the same person would sign in
 * here too (the "confused deputy"): tokeninfo says which OAuth client the token was issued to (aud),
 * and it must be ours, for the same Google account userinfo then names.
 */
export async function fetchGoogleProfile(
  config: GoogleConfig,
  accessToken: string,
): Promise<ThirdPartyProfile> {
  const clientId = config.GOOGLE_CLIENT_ID;
  if (!clientId) throw new AppError("THIRD_PARTY_NOT_CONFIGURED");
  const info = await googleCall(config.GOOGLE_TOKENINFO_URL, "POST", accessToken, GoogleTokeninfo);
  // Google answers an unknown or expired token with 400 here (401 at userinfo).
  if (!info) throw new AppError("THIRD_PARTY_TOKEN_INVALID");
  if (info.aud !== clientId || (info.expires_in !== undefined && info.expires_in <= 0)) {
    throw new AppError("THIRD_PARTY_TOKEN_INVALID");
  }
  const profile = await googleCall(config.GOOGLE_USERINFO_URL, "GET", accessToken, GoogleUserinfo);
  if (!profile) throw new AppError("THIRD_PARTY_TOKEN_INVALID");
  if (info.sub !== undefined && info.sub !== profile.sub) throw new AppError("THIRD_PARTY_TOKEN_INVALID");
  return profileOf("google", profile);
}

/**
 * One call to a Google endpoint with the token as a bearer credential (never in a URL, so no proxy
 * or access log keeps it). Null when Google refuses the token; unavailable when it cannot answer.
 */
async function googleCall<T extends z.ZodType>(
  url: string,
  method: "GET" | "POST",
  accessToken: string,
  shape: T,
): Promise<z.output<T> | null> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(THIRD_PARTY_TIMEOUT_MS),
      redirect: "error",
    });
  } catch (err) {
    throw new AppError("THIRD_PARTY_UNAVAILABLE", {}, { cause: err });
  }
  if (response.status === 400 || response.status === 401 || response.status === 403) return null;
  if (!response.ok) throw new AppError("THIRD_PARTY_UNAVAILABLE");
  const body = shape.safeParse(await response.json().catch(() => null));
  if (!body.success) throw new AppError("THIRD_PARTY_UNAVAILABLE", {}, { cause: body.error });
  return body.data;
}

const FirebaseClaims = z.object({
  sub: z.string().min(1).max(128),
  email: z.string().trim().min(1).max(320).optional(),
  email_verified: z.boolean().optional(),
  name: z.string().trim().max(200).optional(),
  auth_time: z.number().optional(),
});

// One key set per URL for the process: jose caches the keys and refetches on an unknown key id,
// so a rotation at the provider is picked up without a restart. A cache only, never state.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: THIRD_PARTY_TIMEOUT_MS });
    keySets.set(url, set);
  }
  return set;
}

/**
 * Verifies a Firebase ID token: RS256 signature by a key of FIREBASE_JWKS_URL, the configured
 * issuer and audience, and its times against our clock (`now`).
 */
export async function verifyFirebaseToken(
  config: Pick<Config, "FIREBASE_JWKS_URL" | "FIREBASE_ISSUER" | "FIREBASE_AUDIENCE">,
  token: string,
  now: Date,
): Promise<ThirdPartyProfile> {
  const { FIREBASE_ISSUER: issuer, FIREBASE_AUDIENCE: audience } = config;
  if (!issuer || !audience) throw new AppError("THIRD_PARTY_NOT_CONFIGURED");
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, keySet(config.FIREBASE_JWKS_URL), {
      issuer,
      audience,
      algorithms: ["RS256"],
      currentDate: now,
      requiredClaims: ["sub", "iat", "exp"],
      clockTolerance: CLOCK_SKEW_SECONDS,
    }));
  } catch (err) {
    if (isUnreachable(err)) throw new AppError("THIRD_PARTY_UNAVAILABLE", {}, { cause: err });
    throw new AppError("THIRD_PARTY_TOKEN_INVALID", {}, { cause: err });
  }
  const claims = FirebaseClaims.safeParse(payload);
  if (!claims.success) throw new AppError("THIRD_PARTY_TOKEN_INVALID", {}, { cause: claims.error });
  // Firebase's own rule: the sign-in it attests must not lie in the future.
  if ((claims.data.auth_time ?? 0) > now.getTime() / 1000 + CLOCK_SKEW_SECONDS) {
    throw new AppError("THIRD_PARTY_TOKEN_INVALID");
  }
  return profileOf("firebase", claims.data);
}

/** The key set could not be fetched: our side or theirs is down, not the person's token. */
function isUnreachable(err: unknown): boolean {
  if (err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JWKSInvalid) return true;
  // jose reports a failed key-set download (not 200, not JSON) with its generic error.
  if (err instanceof joseErrors.JOSEError) return err.code === "ERR_JOSE_GENERIC";
  return true;
}

function profileOf(
  provider: ThirdPartyProvider,
  claims: { sub: string; email?: string; email_verified?: boolean; name?: string },
): ThirdPartyProfile {
  if (!claims.email) throw new AppError("THIRD_PARTY_EMAIL_NOT_VERIFIED");
  return {
    provider,
    subject: claims.sub,
    email: claims.email,
    emailVerified: claims.email_verified === true,
    name: claims.name || null,
  };
}
