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
