import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../core/clock";
import { APP_ID_HEADER, USER_TOKEN_HEADER } from "./cyberport.protocol";
import { SIMULATOR_BASE_URL, startSimulator } from "./cyberport.testkit";
import { SIMULATOR_CREDENTIALS as C, SIMULATOR_BOOKINGS } from "./simulator.data";

// The simulator speaks the protocol the adapter expects, as a real peer would: OAuth errors by
// the RFC's names, tokens that expire, and bookings only for both tokens together.

const clock = new TestClock(new Date("2026-03-02T09:00:00Z"));
let sim: Awaited<ReturnType<typeof startSimulator>>;
beforeAll(async () => {
  sim = await startSimulator(clock);
});
afterAll(() => sim.close());

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

function token(client = basic(C.clientId, C.clientSecret), appId: string = C.appId) {
  return sim.fetch(`${SIMULATOR_BASE_URL}/oauth/token`, {
    method: "POST",
    headers: {
      authorization: client,
      [APP_ID_HEADER]: appId,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials&scope=bookings.read",
  });
}

async function appToken() {
  return ((await (await token()).json()) as { access_token: string }).access_token;
}

function login(app: string, username: string = C.loginUsername, password: string = C.loginPassword) {
  return sim.fetch(`${SIMULATOR_BASE_URL}/v1/login`, {
    method: "POST",
    headers: { authorization: `Bearer ${app}`, [APP_ID_HEADER]: C.appId, "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
}

const bookings = (app: string, user: string, cursor?: string) =>
  sim.fetch(`${SIMULATOR_BASE_URL}/v1/bookings${cursor ? `?cursor=${cursor}` : ""}`, {
    headers: { authorization: `Bearer ${app}`, [APP_ID_HEADER]: C.appId, [USER_TOKEN_HEADER]: user },
  });

describe("the port-community simulator", () => {
  it("issues an app token only for the demo client and app", async () => {
    const ok = await token();
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ token_type: "Bearer", expires_in: 900 });
    const wrongSecret = await token(basic(C.clientId, "nope"));
    expect([wrongSecret.status, await wrongSecret.json()]).toEqual([401, { error: "invalid_client" }]);
    const wrongApp = await token(undefined, "another-app");
    expect([wrongApp.status, await wrongApp.json()]).toEqual([403, { error: "unknown_app" }]);
  });

  it("logs in the demo account with an app token, and refuses a wrong password", async () => {
    const app = await appToken();
    expect((await login(app)).status).toBe(200);
    const wrong = await login(app, C.loginUsername, "nope");
    expect([wrong.status, await wrong.json()]).toEqual([401, { error: "invalid_login" }]);
    expect((await login(`${app}x`)).status).toBe(401);
  });

  it("lists every booking page by page, for both tokens only, until they expire", async () => {
    const app = await appToken();
    const user = ((await (await login(app)).json()) as { userToken: string }).userToken;
    const seen: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = (await (await bookings(app, user, cursor)).json()) as {
        bookings: unknown[];
        nextCursor: string | null;
      };
      seen.push(...page.bookings);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(SIMULATOR_BOOKINGS);
    // The user token is no app token, and neither outlives its 15 minutes.
    expect((await bookings(app, app)).status).toBe(401);
    clock.advance(16 * 60 * 1000);
    expect((await bookings(app, user)).status).toBe(401);
  });
});
