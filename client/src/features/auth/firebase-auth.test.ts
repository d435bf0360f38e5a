// @vitest-environment node
import { describe, expect, it } from "vitest";
import { FirebaseSignInError, firebaseClientConfig, firebaseIdToken } from "./firebase-auth";

const config = { apiKey: "web-key", authUrl: "https://auth.test" };

function answer(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { calls, fetchFn };
}

async function reasonOf(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return err instanceof FirebaseSignInError ? err.reason : err;
}

describe("Firebase sign-in in the console", () => {
  it("is offered only when the build names a Web API key", () => {
    expect(firebaseClientConfig({})).toBeNull();
    expect(firebaseClientConfig({ VITE_FIREBASE_API_KEY: " " })).toBeNull();
    expect(firebaseClientConfig({ VITE_FIREBASE_API_KEY: "k" })).toEqual({
      apiKey: "k",
      authUrl: "https://identitytoolkit.googleapis.com",
    });
    expect(
      firebaseClientConfig({ VITE_FIREBASE_API_KEY: "k", VITE_FIREBASE_AUTH_URL: "http://127.0.0.1:9/" }),
    ).toEqual({ apiKey: "k", authUrl: "http://127.0.0.1:9" });
  });

  it("exchanges e-mail and password for Firebase's ID token, sending no cookies", async () => {
    const { calls, fetchFn } = answer(200, { idToken: "id.token.value", refreshToken: "r" });
    const token = await firebaseIdToken(config, { email: "a@example.com", password: "pw" }, fetchFn);
    expect(token).toBe("id.token.value");
    expect(calls[0]?.url).toBe("https://auth.test/v1/accounts:signInWithPassword?key=web-key");
    expect(calls[0]?.init?.credentials).toBe("omit");
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      email: "a@example.com",
      password: "pw",
      returnSecureToken: true,
    });
  });

  it("tells wrong credentials, throttling, a disabled account and an outage apart", async () => {
    const cases: [number, unknown, string][] = [
      [400, { error: { message: "INVALID_LOGIN_CREDENTIALS" } }, "invalidCredentials"],
      [400, { error: { message: "EMAIL_NOT_FOUND" } }, "invalidCredentials"],
      [400, { error: { message: "TOO_MANY_ATTEMPTS_TRY_LATER : Access disabled" } }, "tooManyAttempts"],
      [400, { error: { message: "USER_DISABLED" } }, "disabled"],
      [503, {}, "unavailable"],
      [200, {}, "unavailable"],
    ];
    for (const [status, body, reason] of cases) {
      const { fetchFn } = answer(status, body);
      expect(
        await reasonOf(firebaseIdToken(config, { email: "a@example.com", password: "x" }, fetchFn)),
      ).toBe(reason);
    }
    const down = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await reasonOf(firebaseIdToken(config, { email: "a@example.com", password: "x" }, down))).toBe(
      "unavailable",
    );
  });
});
