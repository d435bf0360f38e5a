import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { errorMessage } from "../../shared/i18n";
import { factories } from "../factories";
import { createTestApp, type TestApp } from "../setup/app";
import { APP_ORIGIN, Client, newEmail, STRONG_PASSWORD, signInAs, signUp } from "./auth-client";

// Decisions 0055 and 0057: what the framework and the database would refuse in English (or as
// a 500) is answered through the error catalogue, in the caller's language.

const clock = new TestClock("2026-06-10T12:00:00Z");
let t: TestApp;
let ipSeq = 0;
const client = (lang?: "en" | "ja") => {
  ipSeq += 1;
  return new Client(t.app, { ip: `127.9.0.${ipSeq}`, lang });
};

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** A POST as the console's fetch sends it for a no-payload route: JSON content type, no body. */
function emptyJsonPost(browser: Client, url: string) {
  return browser.request("POST", url, undefined, { "content-type": "application/json" });
}

describe("no-payload routes with a JSON content type and no body", () => {
  it("sign-out signs out", async () => {
    const browser = client();
    await signUp(browser);
    expect(browser.cookie).toBeDefined();
    const res = await emptyJsonPost(browser, "/auth/signout");
    expect(res.statusCode, res.body).toBe(200);
    expect(browser.cookie).toBeUndefined();
    const after = await t.app.inject({ method: "GET", url: "/auth/me" });
    expect(after.statusCode).toBe(401);
  });

  it("send verification e-mail sends it", async () => {
    const browser = client();
    await signUp(browser);
    const res = await emptyJsonPost(browser, "/auth/send_verification_email");
    expect(res.statusCode, res.body).toBe(200);
  });

  it("a route that needs a payload answers its validation message, not the framework's", async () => {
    const res = await emptyJsonPost(client("ja"), "/auth/signin");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, code: "VALIDATION_FAILED" });
  });
});

describe("framework errors go through the error catalogue", () => {
  it("malformed JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/auth/signin",
      headers: { "content-type": "application/json", "x-lang": "ja" },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: true,
      code: "MALFORMED_REQUEST",
      message: errorMessage("ja", "MALFORMED_REQUEST"),
    });
  });

  it("an unsupported media type", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/auth/signin",
      headers: { "content-type": "application/x-unknown", "x-lang": "ja" },
      payload: "hello",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: true,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: errorMessage("ja", "UNSUPPORTED_MEDIA_TYPE"),
    });
  });

  it("a body over the size limit", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/auth/signin",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.example", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: true, code: "PAYLOAD_TOO_LARGE" });
  });

  it("a URL the router cannot decode", async () => {
    const res = await t.app.inject({ method: "GET", url: "/auth/me%", headers: { "x-lang": "ja" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: true,
      code: "MALFORMED_REQUEST",
      message: errorMessage("ja", "MALFORMED_REQUEST"),
    });
  });

  it("never answers with Fastify's own code or English text, on tRPC either", async () => {
    for (const url of ["/auth/signin", "/trpc/account.update"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json", origin: APP_ORIGIN },
        payload: "{not json",
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).not.toContain("FST_ERR");
      expect(res.body, url).not.toContain("Unexpected token");
    }
  });
});

describe("tRPC's own refusals go through the catalogue too", () => {
  it("an unknown procedure and unreadable input answer catalogue codes in the caller's language", async () => {
    const unknown = await client("ja").query("teams.noSuchProcedure");
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({
      message: errorMessage("ja", "NOT_FOUND"),
      data: { appCode: "NOT_FOUND" },
    });
    const res = await t.app.inject({
      method: "GET",
      url: "/trpc/teams.get?input=%7Bnot-json",
      headers: { "x-lang": "ja" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: errorMessage("ja", "MALFORMED_REQUEST"),
      data: { appCode: "MALFORMED_REQUEST" },
    });
  });
});

describe("control characters in text fields", () => {
  it("sign-up with NUL in the name answers the validation message, not a server error", async () => {
    const res = await client("ja").post("/auth/signup", {
      displayName: "Ta\u0000ro",
      email: newEmail(),
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, code: "VALIDATION_FAILED" });
  });

  it("account.update and teams.rename refuse NUL with the control-character message", async () => {
    const f = factories(t.database.db, clock.now());
    const { team, user } = await f.companyWith("ADMIN");
    const browser = await signInAs(client(), t.database.db, user);
    const update = await browser.mutate("account.update", { nickname: "A\u0000B" });
    expect(update.status).toBe(400);
    expect(update.error?.data.issues?.map((i) => i.message)).toContain("validation.controlCharacters");
    const rename = await browser.mutate("teams.rename", { teamId: team.id, input: { name: "Team\u0000" } });
    expect(rename.status).toBe(400);
    expect(rename.error?.data.issues?.map((i) => i.message)).toContain("validation.controlCharacters");
  });
});
