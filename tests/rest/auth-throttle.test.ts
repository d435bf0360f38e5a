import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from "vitest";
import { TestClock } from "../../server/core/clock";
import {
  SIGNIN_SLOWDOWN,
  signinDelayMs,
  signinThrottleDecision,
  signinTimer,
} from "../../server/modules/auth/signin/signin-throttle";
import { createTestApp, type TestApp } from "../setup/app";
import { contextFor } from "../setup/context";
import { Client, lastEmail, STRONG_PASSWORD, signUp, tokenFrom } from "./auth-client";
import { runPasswordResetJobs } from "./auth-jobs";

// Sign-in throttling (ASVS 6.3.1): a guesser is refused per (account, address) and per address, and
// slowed down by its own wrong passwords only; strangers' guesses neither refuse nor slow down the
// owner's right password from another address. The slowdown's waits are observed on its timer and
// its decision, never timed.

let t: TestApp;
const clock = new TestClock("2026-03-05T09:00:00Z");
let waits: MockInstance<(ms: number) => Promise<void>>;
let ipSeq = 0;
/** A browser on its own address (one per stranger). */
const from = (ip?: string) =>
  new Client(t.app, { ip: ip ?? `10.8.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
const WRONG = "Wrong-Password-1";

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());
beforeEach(() => {
  waits = vi.spyOn(signinTimer, "wait").mockResolvedValue(undefined);
});
afterEach(() => {
  waits.mockRestore();
});

const signin = (client: Client, email: string, password: string) =>
  client.post("/auth/signin", { email, password });
const decision = (email: string, ip: string) =>
  signinThrottleDecision(contextFor(t.database.db, { kind: "anonymous" }, { clock }), email, ip);

describe("sign-in throttling", () => {
  it("lets the owner in from a new address without waiting after a guesser's wrong passwords", async () => {
    const { email } = await signUp(from());
    const guesser = from("198.51.100.40");
    for (let i = 0; i < 9; i++) expect((await signin(guesser, email, WRONG)).statusCode).toBe(401);
    // The guesser's next attempt waits (its own wrong passwords), the owner's from B does not.
    expect(await decision(email, "198.51.100.40")).toEqual({
      accountFailures: 9,
      sourceFailures: 1,
      delayMs: 4000,
    });
    expect(await decision(email, "192.0.2.10")).toEqual({
      accountFailures: 0,
      sourceFailures: 0,
      delayMs: 0,
    });
    waits.mockClear();
    const res = await signin(from("192.0.2.10"), email, STRONG_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().account.email).toBe(email);
    expect(waits).not.toHaveBeenCalled();
  });

  it("lets the owner in without waiting after strangers' wrong guesses from everywhere", async () => {
    const { email } = await signUp(from());
    // Thirty strangers, two guesses each: sixty wrong passwords at the account in minutes.
    for (let i = 0; i < 30; i++) {
      const stranger = from();
      for (let j = 0; j < 2; j++) expect((await signin(stranger, email, WRONG)).statusCode).toBe(401);
    }
    expect(waits).not.toHaveBeenCalled();
    expect((await decision(email, "192.0.2.11")).delayMs).toBe(0);
    expect((await signin(from("192.0.2.11"), email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect(waits).not.toHaveBeenCalled();
  });

  it("slows one address down more with each wrong password at an account, for unknown addresses alike", async () => {
    for (const email of [(await signUp(from())).email, "nobody-here@example.com"]) {
      waits.mockClear();
      const guesser = from();
      // Five wrong passwords cost nothing; from the sixth on, each next attempt waits twice as long.
      for (let i = 0; i < 10; i++) await signin(guesser, email, WRONG);
      expect(waits.mock.calls.map(([ms]) => ms)).toEqual([500, 1000, 2000, 4000]);
    }
    expect(signinDelayMs(SIGNIN_SLOWDOWN.freeFailures)).toBe(0);
    expect(signinDelayMs(40)).toBe(SIGNIN_SLOWDOWN.maxDelayMs);
    // The window passes and the address is quick again.
    clock.advance(15 * 60 * 1000);
    waits.mockClear();
    await signin(from(), "nobody-here@example.com", WRONG);
    expect(waits).not.toHaveBeenCalled();
  });

  it("slows down an address that sprays wrong passwords over many accounts, and only that address", async () => {
    const sprayer = from("198.51.100.77");
    for (let i = 0; i < 14; i++) await signin(sprayer, `sprayed-${i}@example.com`, WRONG);
    // Ten wrong passwords anywhere cost nothing; then the address's every attempt waits, doubling.
    expect(waits.mock.calls.map(([ms]) => ms)).toEqual([500, 1000, 2000]);
    const { email } = await signUp(from());
    expect(await decision(email, "198.51.100.77")).toMatchObject({ accountFailures: 0, delayMs: 4000 });
    expect((await decision(email, "192.0.2.12")).delayMs).toBe(0);
  });

  it("refuses one address after 10 wrong passwords at one account, even the right one, but not others", async () => {
    const { email } = await signUp(from());
    const guesser = from("198.51.100.7");
    for (let i = 0; i < 10; i++) expect((await signin(guesser, email, WRONG)).statusCode).toBe(401);
    const refused = await signin(guesser, email, STRONG_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: true,
      code: "RATE_LIMITED",
      message: "Too many attempts. Please wait 900 seconds and try again.",
    });
    // The same address may still sign in to another account, and the owner from theirs.
    const { email: other } = await signUp(from());
    expect((await signin(guesser, other, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await signin(from("192.0.2.20"), email, STRONG_PASSWORD)).statusCode).toBe(200);
    clock.advance(15 * 60 * 1000);
    expect((await signin(guesser, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it("counts parallel guesses from one address before checking them: exactly 10 are checked", async () => {
    const { email } = await signUp(from());
    const guesser = "198.51.100.99";
    const results = await Promise.all(
      Array.from({ length: 24 }, () => signin(from(guesser), email, WRONG).then((r) => r.statusCode)),
    );
    expect(results.filter((s) => s === 401)).toHaveLength(10);
    expect(results.filter((s) => s === 429)).toHaveLength(14);
  });

  it("forgets an address's wrong passwords once it signs in, and every count once the password is reset", async () => {
    const { email } = await signUp(from());
    const owner = from("203.0.113.5");
    for (let i = 0; i < 9; i++) await signin(owner, email, WRONG);
    expect((await signin(owner, email, STRONG_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await signin(owner, email, WRONG)).statusCode).toBe(401);
    expect((await signin(owner, email, STRONG_PASSWORD)).statusCode).toBe(429);

    await from().post("/auth/send_password_reset_email", { email });
    await runPasswordResetJobs(t);
    const token = tokenFrom((await lastEmail(t.database.db, email))?.link ?? null);
    const reset = await from().post("/auth/reset_password", { token, newPassword: "Brand-New-Secret-7" });
    expect(reset.statusCode).toBe(200);
    waits.mockClear();
    expect((await signin(owner, email, "Brand-New-Secret-7")).statusCode).toBe(200);
    expect(waits).not.toHaveBeenCalled();
  });
});
