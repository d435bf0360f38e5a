import { DAY_MS_CLIENT } from "./time";

// The sign-up form asks for the company, but the company is created only after the e-mail is
// verified (issue 3, item 9). The name and tel wait here until then. localStorage rather than
// sessionStorage: the verification link is usually opened from the mail client in a new tab,
// which would not see the sign-up tab's sessionStorage. The entry names the e-mail it belongs to,
// so another account signing in on the same browser never creates a company from it.

export const PENDING_COMPANY_KEY = "pendingSignupCompany";
/** Long enough to cover a verification link re-sent a few days later; short enough not to linger. */
export const PENDING_COMPANY_TTL_MS = 7 * DAY_MS_CLIENT;

export interface PendingCompany {
  email: string;
  companyName: string;
  companyTel: string;
  savedAt: number;
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function localStore(): Store | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const normalized = (email: string) => email.trim().toLowerCase();

export function savePendingCompany(
  entry: Omit<PendingCompany, "savedAt">,
  now: number = Date.now(),
  store: Store | undefined = localStore(),
): void {
  try {
    store?.setItem(
      PENDING_COMPANY_KEY,
      JSON.stringify({ ...entry, email: normalized(entry.email), savedAt: now }),
    );
  } catch {
    // Without storage the user is asked for the company again after verification.
  }
}

function parse(raw: string | null): PendingCompany | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { email, companyName, companyTel, savedAt } = value as Record<string, unknown>;
    if (typeof email !== "string" || typeof companyName !== "string" || typeof companyTel !== "string")
      return null;
    if (typeof savedAt !== "number") return null;
    return { email, companyName, companyTel, savedAt };
  } catch {
    return null;
  }
}

/** The pending company of `email`, if one was saved for it and has not expired. */
export function loadPendingCompany(
  email: string | undefined,
  now: number = Date.now(),
  store: Store | undefined = localStore(),
): PendingCompany | null {
  if (!email) return null;
  let entry: PendingCompany | null;
  try {
    entry = parse(store?.getItem(PENDING_COMPANY_KEY) ?? null);
  } catch {
    return null;
  }
  if (!entry || entry.email !== normalized(email)) return null;
  if (now - entry.savedAt > PENDING_COMPANY_TTL_MS || entry.savedAt > now + DAY_MS_CLIENT) {
    clearPendingCompany(store);
    return null;
  }
  return entry;
}

export function clearPendingCompany(store: Store | undefined = localStore()): void {
  try {
    store?.removeItem(PENDING_COMPANY_KEY);
  } catch {
    // Nothing to clear without storage.
  }
}
