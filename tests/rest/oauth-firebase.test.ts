import { generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { en } from "../../shared/i18n/en";
import { createTestApp } from "../setup/app";
import { FIREBASE_ISSUER, FIREBASE_PROJECT, oauthFixture } from "./oauth.fixture";

// Sign-in with a Firebase ID token (spec 01 §7): verified with jose against the (mock) JWKS, with
// the configured issuer and audience and the server's clock.

const fx = oauthFixture();

describe("POST /auth/signin_with_firebase_token", () => {
  it("verifies the ID token and creates, then reuses, the account", async () => {
    const token = await fx.firebaseToken({
      sub: "fb-1",
      email: "firebase.user@example.com",
      name: "Fire Base",
    });
    const res = await fx.signInWithFirebase(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      account: { email: "firebase.user@example.com", displayName: "Fire Base", isEmailVerified: true },
      created: true,
    });
    const userId = res.json().account.id as string;
    expect(await fx.identitiesOf(userId)).toMatchObject([{ provider: "firebase", subject: "fb-1" }]);
    const [user] = await fx.usersWithEmail("firebase.user@example.com");
    expect(user?.notificationEmail).toBe("firebase.user@example.com");
    fx.sessionCookie(res);

    const again = await fx.signInWithFirebase(
      await fx.firebaseToken({ sub: "fb-1", email: "firebase.user@example.com" }),
    );
    expect(again.json()).toMatchObject({ account: { id: userId }, created: false });
  });

  it("links an account already known by its e-mail", async () => {
    const existing = await fx.f().user({ email: "fb.Existing@example.com" });
    const res = await fx.signInWithFirebase(
      await fx.firebaseToken({ sub: "fb-existing", email: "fb.existing@example.com" }),
    );
    expect(res.json()).toMatchObject({ account: { id: existing.id }, created: false });
    expect(await fx.identitiesOf(existing.id)).toMatchObject([
      { provider: "firebase", subject: "fb-existing" },
    ]);
  });

  it("refuses expired, forged, foreign and malformed tokens with the server's message", async () => {
    const expired = await fx.firebaseToken({
      sub: "fb-x",
      email: "x@example.com",
      iat: fx.nowSeconds() - 7200,
      exp: fx.nowSeconds() - 3600,
    });
    const wrongAudience = await fx.firebaseToken({
      sub: "fb-x",
      email: "x@example.com",
      aud: "another-project",
    });
    const wrongIssuer = await fx.firebaseToken({
      sub: "fb-x",
      email: "x@example.com",
      iss: "https://securetoken.google.com/another-project",
    });
    const { privateKey } = await generateKeyPair("RS256");
    const kid = fx.provider.issuer.keys.get()?.kid;
    const forged = await new SignJWT({ email: "x@example.com", email_verified: true })
      .setProtectedHeader({ alg: "RS256", kid: kid! })
      .setIssuer(FIREBASE_ISSUER)
      .setAudience(FIREBASE_PROJECT)
      .setSubject("fb-x")
      .setIssuedAt(fx.nowSeconds() - 60)
      .setExpirationTime(fx.nowSeconds() + 3600)
      .sign(privateKey);
    const hmac = await new SignJWT({ email: "x@example.com", email_verified: true })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(FIREBASE_ISSUER)
      .setAudience(FIREBASE_PROJECT)
      .setSubject("fb-x")
      .setIssuedAt(fx.nowSeconds() - 60)
      .setExpirationTime(fx.nowSeconds() + 3600)
      .sign(new TextEncoder().encode("a-shared-secret-of-at-least-32-bytes!"));

    for (const token of [expired, wrongAudience, wrongIssuer, forged, hmac, "not-a-jwt"]) {
      const res = await fx.signInWithFirebase(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: true,
        code: "THIRD_PARTY_TOKEN_INVALID",
        message: en.errors.THIRD_PARTY_TOKEN_INVALID,
      });
    }
    expect(await fx.usersWithEmail("x@example.com")).toHaveLength(0);
  });

  it("judges expiry by the server's clock", async () => {
    const token = await fx.firebaseToken({ sub: "fb-clock", email: "clock@example.com" });
    fx.clock.advance(2 * 60 * 60 * 1000);
    const res = await fx.signInWithFirebase(token);
    expect(res.json()).toMatchObject({ code: "THIRD_PARTY_TOKEN_INVALID" });
  });

  it("requires a verified e-mail address", async () => {
    const noEmail = await fx.signInWithFirebase(
      await fx.firebaseToken({ sub: "fb-phone", email_verified: undefined }),
    );
    expect(noEmail.statusCode).toBe(403);
    const unverified = await fx.signInWithFirebase(
      await fx.firebaseToken({
        sub: "fb-unverified",
        email: "fb.unverified@example.com",
        email_verified: false,
      }),
    );
    expect(unverified.json()).toMatchObject({ code: "THIRD_PARTY_EMAIL_NOT_VERIFIED" });
    expect(await fx.usersWithEmail("fb.unverified@example.com")).toHaveLength(0);
  });

  it("lets the console's Firebase sign-in reach Firebase Authentication only when configured", async () => {
    const csp = (res: { headers: Record<string, unknown> }) => String(res.headers["content-security-policy"]);
    const page = await fx.t().app.inject({ method: "GET", url: "/app/auth/signin" });
    expect(csp(page)).toMatch(/connect-src [^;]*https:\/\/identitytoolkit\.googleapis\.com/);
    const bare = await createTestApp({ clock: fx.clock, env: fx.providerEnv({ firebase: false }) });
    try {
      const other = await bare.app.inject({ method: "GET", url: "/app/auth/signin" });
      expect(csp(other)).toContain("connect-src");
      expect(csp(other)).not.toContain("identitytoolkit");
    } finally {
      await bare.close();
    }
  });

  it("answers 'not available' when Firebase is not configured", async () => {
    const bare = await createTestApp({ clock: fx.clock, env: fx.providerEnv({ firebase: false }) });
    try {
      const res = await bare.app.inject({
        method: "POST",
        url: "/auth/signin_with_firebase_token",
        payload: { firebaseToken: await fx.firebaseToken({ sub: "fb-none", email: "none@example.com" }) },
      });
      // A 4xx: the console shows the message instead of retrying into "a server issue".
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "THIRD_PARTY_NOT_CONFIGURED",
        message: en.errors.THIRD_PARTY_NOT_CONFIGURED,
      });
    } finally {
      await bare.close();
    }
  });
});
