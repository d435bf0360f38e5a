import { createServer } from "node:net";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "../../../core/app-error";
import { fetchGoogleProfile, verifyFirebaseToken } from "./oauth.profiles";

// The provider edge on its own: how answers and failures of the mock provider are read.

let provider: OAuth2Server;
let base: string;
let closedUrl: string;
let userinfo: { statusCode: number; body: Record<string, unknown> } = { statusCode: 200, body: {} };
const CLIENT_ID = "ours.apps.googleusercontent.com";
let tokeninfo: { statusCode: number; body: Record<string, unknown> } = {
  statusCode: 200,
  body: { aud: CLIENT_ID, expires_in: "3599" },
};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  base = `http://127.0.0.1:${provider.address().port}`;
  provider.service.on("beforeUserinfo", (response: { statusCode: number; body: unknown }) => {
    response.statusCode = userinfo.statusCode;
    response.body = userinfo.body;
  });
  // Stands in for Google's tokeninfo (a POST with the bearer token).
  provider.service.on("beforeIntrospect", (response: { statusCode: number; body: unknown }) => {
    response.statusCode = tokeninfo.statusCode;
    response.body = tokeninfo.body;
  });
  // A port nothing listens on: taken, then released.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  closedUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 9}`;
});
afterAll(() => provider?.stop());

async function codeOf(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return isAppError(err) ? err.code : err;
}

function google(overrides: { GOOGLE_USERINFO_URL?: string; GOOGLE_CLIENT_ID?: string | undefined } = {}) {
  return {
    GOOGLE_USERINFO_URL: `${base}/userinfo`,
    GOOGLE_TOKENINFO_URL: `${base}/introspect`,
    GOOGLE_CLIENT_ID: CLIENT_ID,
    ...overrides,
  };
}

describe("Google userinfo", () => {
  it("reads the profile, taking Google's string form of email_verified", async () => {
    userinfo = {
      statusCode: 200,
      body: { sub: "1234", email: "a@example.com", email_verified: "true", name: "" },
    };
    const profile = await fetchGoogleProfile(google(), "token");
    expect(profile).toEqual({
      provider: "google",
      subject: "1234",
      email: "a@example.com",
      emailVerified: true,
      name: null,
    });
  });

  it("tells a refused token from a provider that is down or answers nonsense", async () => {
    const config = google();
    userinfo = { statusCode: 401, body: { error: "invalid_token" } };
    expect(await codeOf(fetchGoogleProfile(config, "t"))).toBe("THIRD_PARTY_TOKEN_INVALID");
    userinfo = { statusCode: 500, body: {} };
    expect(await codeOf(fetchGoogleProfile(config, "t"))).toBe("THIRD_PARTY_UNAVAILABLE");
    userinfo = { statusCode: 200, body: { email: "no-subject@example.com" } };
    expect(await codeOf(fetchGoogleProfile(config, "t"))).toBe("THIRD_PARTY_UNAVAILABLE");
    userinfo = { statusCode: 200, body: { sub: "1" } };
    expect(await codeOf(fetchGoogleProfile(config, "t"))).toBe("THIRD_PARTY_EMAIL_NOT_VERIFIED");
    expect(
      await codeOf(fetchGoogleProfile(google({ GOOGLE_USERINFO_URL: `${closedUrl}/userinfo` }), "t")),
    ).toBe("THIRD_PARTY_UNAVAILABLE");
  });
});

describe("Google token audience", () => {
  const account = { sub: "1234", email: "a@example.com", email_verified: true };

  it("accepts only a token issued to our client id, for the account userinfo names", async () => {
    userinfo = { statusCode: 200, body: account };
    tokeninfo = { statusCode: 200, body: { aud: CLIENT_ID, sub: "1234", expires_in: "3599" } };
    expect((await fetchGoogleProfile(google(), "t")).subject).toBe("1234");
    tokeninfo = { statusCode: 200, body: { aud: "other.apps.googleusercontent.com", sub: "1234" } };
    expect(await codeOf(fetchGoogleProfile(google(), "t"))).toBe("THIRD_PARTY_TOKEN_INVALID");
    tokeninfo = { statusCode: 200, body: { sub: "1234" } };
    expect(await codeOf(fetchGoogleProfile(google(), "t"))).toBe("THIRD_PARTY_TOKEN_INVALID");
    tokeninfo = { statusCode: 200, body: { aud: CLIENT_ID, sub: "someone-else" } };
    expect(await codeOf(fetchGoogleProfile(google(), "t"))).toBe("THIRD_PARTY_TOKEN_INVALID");
    tokeninfo = { statusCode: 200, body: { aud: CLIENT_ID, sub: "1234", expires_in: "0" } };
    expect(await codeOf(fetchGoogleProfile(google(), "t"))).toBe("THIRD_PARTY_TOKEN_INVALID");
    tokeninfo = { statusCode: 400, body: { error_description: "Invalid Value" } };
    expect(await codeOf(fetchGoogleProfile(google(), "t"))).toBe("THIRD_PARTY_TOKEN_INVALID");
    tokeninfo = { statusCode: 503, body: {} };
    expect(await codeOf(fetchGoogleProfile(google(), "t"))).toBe("THIRD_PARTY_UNAVAILABLE");
    tokeninfo = { statusCode: 200, body: { aud: CLIENT_ID, expires_in: "3599" } };
  });

  it("is not available without a configured client id", async () => {
    expect(await codeOf(fetchGoogleProfile(google({ GOOGLE_CLIENT_ID: undefined }), "t"))).toBe(
      "THIRD_PARTY_NOT_CONFIGURED",
    );
  });
});

describe("Firebase ID token", () => {
  const configured = { FIREBASE_ISSUER: "https://securetoken.google.com/p", FIREBASE_AUDIENCE: "p" };

  it("is 'unavailable', not 'invalid', when the signing keys cannot be fetched", async () => {
    const token = await provider.issuer.buildToken();
    const now = new Date();
    for (const url of [`${closedUrl}/jwks`, `${base}/no-such-jwks`]) {
      const result = verifyFirebaseToken({ ...configured, FIREBASE_JWKS_URL: url }, token, now);
      expect(await codeOf(result)).toBe("THIRD_PARTY_UNAVAILABLE");
    }
  });

  it("is not available without an issuer and an audience", async () => {
    const result = verifyFirebaseToken(
      { FIREBASE_JWKS_URL: `${base}/jwks`, FIREBASE_ISSUER: undefined, FIREBASE_AUDIENCE: "p" },
      "x",
      new Date(),
    );
    expect(await codeOf(result)).toBe("THIRD_PARTY_NOT_CONFIGURED");
  });
});
