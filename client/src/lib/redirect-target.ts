import { reportProblem } from "./report";

/** Where a signed-in user goes when nothing else was asked for. */
export const DEFAULT_TARGET = "/app/console";

/** The address the gates remember before sending someone to sign in (spec 01 §2, §4). */
export const RETURN_TARGET_KEY = "continueUrl";

/** Pages a user is sent back to only by mistake: returning to them after sign-in would loop. */
const AUTH_PAGES = "/app/auth/";

/**
 * The same-origin path (with query and hash) that `raw` names, or null. Anything on another
 * origin — absolute URLs, protocol-relative "//host", backslash tricks, javascript: — is refused
 * and reported (spec 01 §2, §5: the redirect target must be same origin).
 */
export function sameOriginTarget(raw: string | null | undefined, origin: string): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    reportProblem("Ignored a malformed redirect target", { target: raw });
    return null;
  }
  if (url.origin !== origin || (url.protocol !== "http:" && url.protocol !== "https:")) {
    reportProblem("Ignored a redirect to another origin", { target: raw });
    return null;
  }
  if (url.pathname.startsWith(AUTH_PAGES)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

type SessionStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function sessionStore(): SessionStore | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Remembers where to return after sign-in. Per tab (sessionStorage): the return belongs to the tab
 * the user was sent away from, and an old target must not resurface in a later visit.
 */
export function rememberReturnTarget(target: string, store: SessionStore | undefined = sessionStore()): void {
  try {
    store?.setItem(RETURN_TARGET_KEY, target);
  } catch {
    // Without storage the user lands on the console home after sign-in, which is acceptable.
  }
}

/** The remembered target if it is same-origin (else the console home); it is used only once. */
export function takeReturnTarget(
  origin: string = window.location.origin,
  store: SessionStore | undefined = sessionStore(),
): string {
  let raw: string | null = null;
  try {
    raw = store?.getItem(RETURN_TARGET_KEY) ?? null;
    store?.removeItem(RETURN_TARGET_KEY);
  } catch {
    raw = null;
  }
  return sameOriginTarget(raw, origin) ?? DEFAULT_TARGET;
}

/** The current address as a return target. */
export function currentTarget(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/**
 * Where a sign-up should return once the e-mail is verified (a share page's Sign up link). Kept in
 * localStorage rather than the tab's sessionStorage: the verification link is usually opened from
 * the mail client in a new tab. Verifying in another browser or device falls back to the console.
 */
export const SIGNUP_RETURN_TARGET_KEY = "signupContinueUrl";
/** As long as a verification link re-sent a few days later should still return the user. */
export const SIGNUP_RETURN_TARGET_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type LocalStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function localStore(): LocalStore | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Remembers a same-origin `target` (anything else is dropped) for after the e-mail verification. */
export function rememberSignupReturnTarget(
  target: string,
  origin: string = window.location.origin,
  now: number = Date.now(),
  store: LocalStore | undefined = localStore(),
): void {
  const safe = sameOriginTarget(target, origin);
  if (!safe) return;
  try {
    store?.setItem(SIGNUP_RETURN_TARGET_KEY, JSON.stringify({ target: safe, savedAt: now }));
  } catch {
    // Without storage the new user lands on the console home, which is acceptable.
  }
}

/** The remembered sign-up target, used once; null when none, expired or not same-origin. */
export function takeSignupReturnTarget(
  origin: string = window.location.origin,
  now: number = Date.now(),
  store: LocalStore | undefined = localStore(),
): string | null {
  let raw: string | null = null;
  try {
    raw = store?.getItem(SIGNUP_RETURN_TARGET_KEY) ?? null;
    store?.removeItem(SIGNUP_RETURN_TARGET_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as { target?: unknown; savedAt?: unknown };
    if (typeof entry.target !== "string" || typeof entry.savedAt !== "number") return null;
    if (now - entry.savedAt > SIGNUP_RETURN_TARGET_TTL_MS) return null;
    return sameOriginTarget(entry.target, origin);
  } catch {
    return null;
  }
}
