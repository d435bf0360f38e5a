import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextFor } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { HOUR_MS, TestClock } from "../../core/clock";
import { oneTimeTokens, type User, users } from "../../db/schema";
import {
  consumeOneTimeToken,
  emailVerificationUrl,
  issueOneTimeToken,
  ONE_TIME_TOKEN_TTL_MS,
  passwordResetUrl,
} from "./one-time-tokens";
import { hashToken } from "./tokens";

let t: TestDatabase;
let user: User;
const clock = new TestClock("2026-02-01T00:00:00Z");
const ctx = () => contextFor(t.db, { kind: "anonymous" }, { clock });

beforeAll(async () => {
  t = await freshDatabase();
  [user] = (await t.db.insert(users).values({ email: "tokens@example.com", nickname: "T" }).returning()) as [
    User,
  ];
});
afterAll(() => t.close());

describe("one-time tokens", () => {
  it("carry 160 random bits and are stored only as their SHA-256", async () => {
    const token = await issueOneTimeToken(ctx(), "EMAIL_VERIFICATION", user);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const rows = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.expiresAt.getTime()).toBe(clock.now().getTime() + 24 * HOUR_MS);
  });

  it("are valid for 24 hours (verification) and 1 hour (reset)", () => {
    expect(ONE_TIME_TOKEN_TTL_MS).toEqual({ EMAIL_VERIFICATION: 24 * HOUR_MS, PASSWORD_RESET: HOUR_MS });
  });

  it("are used once, even by two consumers at the same moment", async () => {
    const token = await issueOneTimeToken(ctx(), "PASSWORD_RESET", user);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => consumeOneTimeToken(ctx(), "PASSWORD_RESET", token)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await consumeOneTimeToken(ctx(), "PASSWORD_RESET", token)).toBeNull();
  });

  it("only for their own purpose", async () => {
    const token = await issueOneTimeToken(ctx(), "PASSWORD_RESET", user);
    expect(await consumeOneTimeToken(ctx(), "EMAIL_VERIFICATION", token)).toBeNull();
    expect(await consumeOneTimeToken(ctx(), "PASSWORD_RESET", token)).toMatchObject({ userId: user.id });
  });

  it("expire at their end, to the millisecond", async () => {
    const token = await issueOneTimeToken(ctx(), "PASSWORD_RESET", user);
    clock.advance(HOUR_MS);
    expect(await consumeOneTimeToken(ctx(), "PASSWORD_RESET", token)).toBeNull();
    const next = await issueOneTimeToken(ctx(), "PASSWORD_RESET", user);
    clock.advance(HOUR_MS - 1);
    expect(await consumeOneTimeToken(ctx(), "PASSWORD_RESET", next)).not.toBeNull();
  });

  it("void the user's earlier token of the same purpose only", async () => {
    const verification = await issueOneTimeToken(ctx(), "EMAIL_VERIFICATION", user);
    const first = await issueOneTimeToken(ctx(), "PASSWORD_RESET", user);
    const second = await issueOneTimeToken(ctx(), "PASSWORD_RESET", user);
    expect(await consumeOneTimeToken(ctx(), "PASSWORD_RESET", first)).toBeNull();
    expect(await consumeOneTimeToken(ctx(), "PASSWORD_RESET", second)).not.toBeNull();
    expect(await consumeOneTimeToken(ctx(), "EMAIL_VERIFICATION", verification)).not.toBeNull();
  });

  it("are linked from the console's pages", () => {
    expect(emailVerificationUrl("https://app.example/", "abc")).toBe(
      "https://app.example/app/auth/email-verification/abc",
    );
    expect(passwordResetUrl("https://app.example", "abc")).toBe(
      "https://app.example/app/auth/password-reset?token=abc",
    );
  });
});
