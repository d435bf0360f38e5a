import type { z } from "zod";
import type { ErrorCode } from "../../../shared/errors";
import {
  APP_ID_HEADER,
  BOOKINGS_SCOPE,
  BookingsPage,
  CYBERPORT_PATHS,
  LoginResponse,
  TokenResponse,
  USER_TOKEN_HEADER,
} from "./cyberport.protocol";

// The client side of the port-community booking API (protocol in cyberport.protocol.ts). It
// answers the bookings as received, each still unchecked, or fails with one of two codes: the
// peer refused the credentials, or it could not be used (down, slow, or answering nonsense).
// Nothing it logs or throws carries a credential, a token or the peer's text.

export interface CyberportCredentials {
  loginUsername: string;
  loginPassword: string;
  appId: string;
  clientId: string;
  clientSecret: string;
}

export type CyberportFailureCode = Extract<ErrorCode, "CYBERPORT_BAD_CREDENTIALS" | "CYBERPORT_UNAVAILABLE">;

export class CyberportFailure extends Error {
  constructor(
    readonly code: CyberportFailureCode,
    /** What went wrong in words safe to log: a step and a status, never a value sent or received. */
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = "CyberportFailure";
  }
}

export interface CyberportClient {
  /** Every booking of the account, up to `MAX_BOOKINGS`, in the order the peer lists them. */
  fetchBookings(credentials: CyberportCredentials): Promise<unknown[]>;
}

export const DEFAULT_TIMEOUT_MS = 5000;
/** A page loop that does not end is the peer's bug; an import never holds more than this. */
export const MAX_BOOKINGS = 500;
const MAX_PAGES = 50;

export interface CyberportClientOptions {
  /** Base URL without a trailing slash, e.g. https://api.cyberport.example or APP_URL/sim/cyberport. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per request. */
  timeoutMs?: number;
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

export function createCyberportClient(options: CyberportClientOptions): CyberportClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<S extends z.ZodType>(
    step: string,
    path: string,
    init: RequestInit,
    schema: S,
    refusedMeansBadCredentials: boolean,
  ): Promise<z.output<S>> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        ...init,
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === "TimeoutError";
      throw new CyberportFailure(
        "CYBERPORT_UNAVAILABLE",
        `${step}: ${timedOut ? "timed out" : "unreachable"}`,
      );
    }
    if (refusedMeansBadCredentials && [400, 401, 403].includes(response.status)) {
      await response.body?.cancel();
      throw new CyberportFailure("CYBERPORT_BAD_CREDENTIALS", `${step}: refused with ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new CyberportFailure("CYBERPORT_UNAVAILABLE", `${step}: answered ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new CyberportFailure("CYBERPORT_UNAVAILABLE", `${step}: answer is not JSON`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new CyberportFailure("CYBERPORT_UNAVAILABLE", `${step}: unexpected answer`);
    return parsed.data;
  }

  return {
    async fetchBookings(credentials) {
      const appHeader = { [APP_ID_HEADER]: credentials.appId };
      const token = await call(
        "token",
        CYBERPORT_PATHS.token,
        {
          method: "POST",
          headers: {
            ...appHeader,
            authorization: basic(credentials.clientId, credentials.clientSecret),
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: new URLSearchParams({ grant_type: "client_credentials", scope: BOOKINGS_SCOPE }).toString(),
        },
        TokenResponse,
        true,
      );
      const appAuth = { ...appHeader, authorization: `Bearer ${token.access_token}` };
      const login = await call(
        "login",
        CYBERPORT_PATHS.login,
        {
          method: "POST",
          headers: { ...appAuth, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ username: credentials.loginUsername, password: credentials.loginPassword }),
        },
        LoginResponse,
        true,
      );
      const bookings: unknown[] = [];
      const seen = new Set<string>();
      let cursor: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query: string = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : "";
        const answer = await call(
          "bookings",
          `${CYBERPORT_PATHS.bookings}${query}`,
          {
            method: "GET",
            headers: { ...appAuth, [USER_TOKEN_HEADER]: login.userToken, accept: "application/json" },
          },
          BookingsPage,
          false,
        );
        bookings.push(...answer.bookings);
        cursor = answer.nextCursor;
        if (cursor === null || bookings.length >= MAX_BOOKINGS || seen.has(cursor)) break;
        seen.add(cursor);
      }
      return bookings.slice(0, MAX_BOOKINGS);
    },
  };
}
