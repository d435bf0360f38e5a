import type { IncomingMessage } from "node:http";
import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, expect } from "vitest";
import { loadConfig } from "../../server/config";
import { TestClock } from "../../server/core/clock";
import { sessionCookieName } from "../../server/core/session-cookie";
import { userIdentities, users } from "../../server/db/schema";
import { factories } from "../factories";
import { createTestApp, type TestApp } from "../setup/app";

// Third-party sign-in tests run against oauth2-mock-server on loopback, never the live services:
// its userinfo endpoint stands in for Google's, its JWKS for Firebase's signing keys. Call
// oauthFixture() once at the top of a test file.

export const FIREBASE_PROJECT = "tracking-test";
export const FIREBASE_ISSUER = `https://securetoken.google.com/${FIREBASE_PROJECT}`;
/** The app's own Google OAuth client id; tokens issued to any other client must not sign in. */
export const GOOGLE_CLIENT_ID = "tracking-test.apps.googleusercontent.com";
const appConfig = loadConfig({ NODE_ENV: "test", PORT: "0" });
export const ORIGIN = new URL(appConfig.APP_URL).origin;
const COOKIE = sessionCookieName(appConfig);

type Headers = Record<string, string>;

export function oauthFixture() {
  const clock = new TestClock("2026-04-10T08:00:00Z");
  const provider = new OAuth2Server();
  let app: TestApp | undefined;
  let providerUrl = "";
  /** What the mock's userinfo endpoint answers, by access token; any other token gets 401. */
  const googleAccounts = new Map<string, Record<string, unknown>>();
  /** The OAuth client each access token was issued to (what tokeninfo answers as aud). */
  const audiences = new Map<string, string>();
  const seen = { authorization: undefined as string | undefined, tokeninfo: 0 };
  let counter = 0;

  const t = () => {
    if (!app) throw new Error("the test app is not started yet");
    return app;
  };

  beforeAll(async () => {
    await provider.issuer.keys.generate("RS256");
    await provider.start(0, "127.0.0.1");
    providerUrl = `http://127.0.0.1:${provider.address().port}`;
    provider.service.on(
      "beforeUserinfo",
      (response: { body: unknown; statusCode: number }, req: IncomingMessage) => {
        seen.authorization = req.headers.authorization;
        const account = googleAccounts.get(req.headers.authorization?.replace(/^Bearer /, "") ?? "");
        response.body = account ?? { error: "invalid_token" };
        response.statusCode = account ? 200 : 401;
      },
    );
    // The mock's introspection endpoint stands in for Google's tokeninfo (POST, bearer token).
    provider.service.on(
      "beforeIntrospect",
      (response: { body: unknown; statusCode: number }, req: IncomingMessage) => {
        seen.tokeninfo++;
        const token = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
        const account = googleAccounts.get(token);
        response.body = account
          ? { aud: audiences.get(token), azp: audiences.get(token), sub: account.sub, expires_in: "3599" }
          : { error: "invalid_token", error_description: "Invalid Value" };
        response.statusCode = account ? 200 : 400;
      },
    );
    app = await createTestApp({ clock, env: fx.providerEnv() });
  });
  afterAll(async () => {
    await app?.close();
    await provider.stop();
  });

  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  const fx = {
    clock,
    provider,
    seen,
    t,
    f: () => factories(t().database.db, clock.now()),
    nowSeconds,

    /** The app's settings for the mock provider (the Firebase ones left out on request). */
    providerEnv(options: { firebase?: boolean } = {}): Record<string, string> {
      const base = {
        GOOGLE_CLIENT_ID,
        GOOGLE_TOKENINFO_URL: `${providerUrl}/introspect`,
        GOOGLE_USERINFO_URL: `${providerUrl}/userinfo`,
        FIREBASE_JWKS_URL: `${providerUrl}/jwks`,
      };
      if (options.firebase === false) return base;
      return { ...base, FIREBASE_ISSUER, FIREBASE_AUDIENCE: FIREBASE_PROJECT };
    },

    /** A Google account the mock knows, and the access token that names it (issued to `audience`). */
    googleAccount(profile: Record<string, unknown>, audience = GOOGLE_CLIENT_ID) {
      const token = `ya29.test-${++counter}`;
      googleAccounts.set(token, { sub: `g-${counter}`, email_verified: true, ...profile });
      audiences.set(token, audience);
      return token;
    },

    /** A Firebase ID token signed by the mock's key; `claims` override the defaults. */
    firebaseToken(claims: Record<string, unknown>) {
      return provider.issuer.buildToken({
        scopesOrTransform: (_header, payload) => {
          const iat = nowSeconds() - 60;
          Object.assign(payload, {
            iss: FIREBASE_ISSUER,
            aud: FIREBASE_PROJECT,
            iat,
            nbf: iat,
            auth_time: iat,
            exp: iat + 3600,
            email_verified: true,
            ...claims,
          });
        },
      });
    },

    signInWithGoogle(body: Record<string, unknown>, headers: Headers = {}) {
      return t().app.inject({ method: "POST", url: "/auth/signin_with_google", payload: body, headers });
    },

    signInWithFirebase(firebaseToken: string, headers: Headers = {}) {
      return t().app.inject({
        method: "POST",
        url: "/auth/signin_with_firebase_token",
        payload: { firebaseToken },
        headers,
      });
    },

    /** The session cookie a sign-in set, as a Cookie header. */
    sessionCookie(res: { cookies: Array<{ name: string; value: string }> }) {
      const cookie = res.cookies.find((c) => c.name === COOKIE);
      expect(cookie?.value).toBeTruthy();
      return `${COOKIE}=${cookie?.value}`;
    },

    getMe(cookie: string) {
      return t().app.inject({ method: "GET", url: "/auth/me", headers: { cookie } });
    },

    usersWithEmail(email: string) {
      return t().database.db.select().from(users).where(eq(users.email, email));
    },

    identitiesOf(userId: string) {
      return t().database.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
    },
  };
  return fx;
}
