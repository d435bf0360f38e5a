import { RequestError, type RequestFn, request } from "./request";

// The REST /auth/* routes of spec 01 §7. Failures arrive as RequestError carrying the server's
// message, already in the request's language; callers show it as it is.

export interface Me {
  account: {
    id: string;
    email: string;
    displayName: string;
    isEmailVerified: boolean;
    isMultiFactorEnabled: boolean;
  };
  session: { isMultiFactorVerified: boolean };
}

export interface MultiFactorQrCode {
  /** A PNG data URL of the QR code. */
  data: string;
  /** The base32 key, for people who type it into their authenticator app. */
  secret: string;
  uri: string;
}

/** Changing multi-factor authentication from a session that did not sign in minutes ago. */
export const RECENT_SIGN_IN_REQUIRED = "RECENT_SIGN_IN_REQUIRED";

export function needsRecentSignIn(error: unknown): boolean {
  return error instanceof RequestError && error.code === RECENT_SIGN_IN_REQUIRED;
}

/** The code GET /auth/me answers when nobody is signed in; it is a state, not an error. */
export const SIGNED_OUT_CODE = "UnableToGetUserSession";

export function isSignedOutError(error: unknown): boolean {
  return error instanceof RequestError && (error.code === SIGNED_OUT_CODE || error.status === 401);
}

async function readJson(response: Response): Promise<unknown> {
  if (!response.headers.get("content-type")?.includes("json")) return {};
  return response.json();
}

async function send(method: "GET" | "POST", path: string, body: unknown, fetchFn: RequestFn) {
  const response = await fetchFn(path, {
    method,
    headers:
      method === "POST"
        ? { "Content-Type": "application/json", Accept: "application/json" }
        : { Accept: "application/json" },
    ...(method === "POST" ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  if (!response.ok) throw new RequestError(`HTTP ${response.status}`, response.status, false);
  return readJson(response);
}

export function postAuth<T = unknown>(
  path: string,
  body?: unknown,
  fetchFn: RequestFn = request,
): Promise<T> {
  return send("POST", path, body, fetchFn) as Promise<T>;
}

/** The signed-in account and session, or null when signed out. */
export async function fetchMe(fetchFn: RequestFn = request): Promise<Me | null> {
  try {
    return (await send("GET", "/auth/me", undefined, fetchFn)) as Me;
  } catch (error) {
    if (isSignedOutError(error)) return null;
    throw error;
  }
}

export const authApi = {
  signUp: (input: {
    displayName: string;
    email: string;
    password: string;
    invitationToken?: string;
    companyName?: string;
    companyTel?: string;
  }) => postAuth("/auth/signup", input),
  signIn: (input: { email: string; password: string }) => postAuth("/auth/signin", input),
  signInWithGoogle: (input: { googleAccessToken: string; invitedEmail?: string }) =>
    postAuth("/auth/signin_with_google", input),
  sendPasswordResetEmail: (email: string) => postAuth("/auth/send_password_reset_email", { email }),
  resetPassword: (token: string, newPassword: string) =>
    postAuth("/auth/reset_password", { token, newPassword }),
  changePassword: (currentPassword: string, newPassword: string) =>
    postAuth("/auth/reset_password_with_current_password", { currentPassword, newPassword }),
  signOut: () => postAuth("/auth/signout"),
  /** Draws a new pending key; the password is needed unless the session signed in minutes ago. */
  setUpMultiFactor: (currentPassword?: string) =>
    postAuth<MultiFactorQrCode>("/auth/multi_factor_setup", currentPassword ? { currentPassword } : {}),
  /** Reads the pending key again (never changes it). */
  multiFactorQrCode: async () =>
    (await send("GET", "/auth/multi_factor_qrcode", undefined, request)) as MultiFactorQrCode,
  enableMultiFactor: (totpCode: string, currentPassword?: string) =>
    postAuth("/auth/enable_multi_factor_authentication", {
      totpCode,
      ...(currentPassword ? { currentPassword } : {}),
    }),
  verifyMultiFactor: (totpCode: string) => postAuth("/auth/verify_multi_factor_authentication", { totpCode }),
  disableMultiFactor: (totpCode: string, currentPassword?: string) =>
    postAuth("/auth/disable_multi_factor_authentication", {
      totpCode,
      ...(currentPassword ? { currentPassword } : {}),
    }),
  sendVerificationEmail: () => postAuth("/auth/send_verification_email"),
  verifyEmail: (token: string) => postAuth("/auth/verify_email", { token }),
};

/** The message to show for a failed call: the server's own, or the give-up text of the request layer. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message && !/^HTTP \d+$/.test(error.message)) return error.message;
  return fallback;
}
