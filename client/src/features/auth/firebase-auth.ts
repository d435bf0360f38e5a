// Firebase sign-in from the console (decision 0062): the person's Firebase e-mail and password
// go to Firebase Authentication's REST API (the Web API key is public by design), which answers
// with an ID token; only that token reaches our server (POST /auth/signin_with_firebase_token),
// where its signature, issuer, audience and times are checked. No SDK: one documented call.

export interface FirebaseClientConfig {
  apiKey: string;
  /** Firebase Authentication's origin; a local fake may stand in for it in development. */
  authUrl: string;
}

/** Set at build time, like the Google client id: VITE_FIREBASE_API_KEY (and VITE_FIREBASE_AUTH_URL). */
export function firebaseClientConfig(
  env: Record<string, string | undefined> = import.meta.env,
): FirebaseClientConfig | null {
  const apiKey = env.VITE_FIREBASE_API_KEY?.trim();
  if (!apiKey) return null;
  const authUrl = env.VITE_FIREBASE_AUTH_URL?.trim() || "https://identitytoolkit.googleapis.com";
  return { apiKey, authUrl: authUrl.replace(/\/+$/, "") };
}

/** Why Firebase refused, as a key of auth.firebase in i18n. */
export type FirebaseFailure = "invalidCredentials" | "tooManyAttempts" | "disabled" | "unavailable";

export class FirebaseSignInError extends Error {
  override name = "FirebaseSignInError";
  constructor(readonly reason: FirebaseFailure) {
    super(reason);
  }
}

/** Firebase's error messages ("INVALID_PASSWORD", "TOO_MANY_ATTEMPTS_TRY_LATER : …") by reason. */
function failureOf(message: string | undefined): FirebaseFailure {
  const code = (message ?? "").split(":")[0]?.trim() ?? "";
  if (["INVALID_LOGIN_CREDENTIALS", "EMAIL_NOT_FOUND", "INVALID_PASSWORD", "INVALID_EMAIL"].includes(code)) {
    return "invalidCredentials";
  }
  if (code === "TOO_MANY_ATTEMPTS_TRY_LATER") return "tooManyAttempts";
  if (code === "USER_DISABLED") return "disabled";
  return "unavailable";
}

/** E-mail and password to a Firebase ID token, or a FirebaseSignInError saying why not. */
export async function firebaseIdToken(
  config: FirebaseClientConfig,
  credentials: { email: string; password: string },
  fetchFn: typeof fetch = fetch,
): Promise<string> {
  let response: Response;
  try {
    response = await fetchFn(
      `${config.authUrl}/v1/accounts:signInWithPassword?key=${encodeURIComponent(config.apiKey)}`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...credentials, returnSecureToken: true }),
        credentials: "omit",
        signal: AbortSignal.timeout(10_000),
      },
    );
  } catch {
    throw new FirebaseSignInError("unavailable");
  }
  const body = (await response.json().catch(() => null)) as {
    idToken?: unknown;
    error?: { message?: string };
  } | null;
  if (response.ok && typeof body?.idToken === "string" && body.idToken) return body.idToken;
  throw new FirebaseSignInError(response.ok ? "unavailable" : failureOf(body?.error?.message));
}
