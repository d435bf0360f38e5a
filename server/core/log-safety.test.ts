import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { silentLog } from "../../tests/setup/context";
import { setupDatabase } from "../../tests/setup/db";
import { users } from "../db/schema";
import { AppError } from "./app-error";
import { toSafeError } from "./errors-map";
import { safeLoggerOptions } from "./log-safety";
import { memoryLog, memoryStream } from "./log-safety.testkit";

const t = setupDatabase();

const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$leaked-hash-value";

/** A real failed insert: the text holds NUL, which Postgres refuses, next to a password hash. */
async function failedInsert(): Promise<unknown> {
  try {
    await t.db.insert(users).values({ email: "nul@example.com", nickname: "A\u0000B", passwordHash: HASH });
  } catch (err) {
    return err;
  }
  throw new Error("the insert should have failed");
}

describe("log lines", () => {
  it("keep a failed query's SQL but never its parameters, even through the error mapping", async () => {
    const err = await failedInsert();
    expect(String((err as Error).message)).toContain(HASH);
    const { log, text } = memoryLog();
    const safe = toSafeError(err, "en", log as never);
    expect(safe.code).toBe("INTERNAL");
    log.error(new AppError("INTERNAL", {}, { cause: err }), "wrapped");
    log.warn({ err: { nested: err } }, "nested one level down");
    const written = text();
    expect(written).toContain("Failed query: insert into");
    expect(written).not.toContain(HASH);
    expect(written).not.toContain("leaked-hash-value");
    expect(written).not.toContain("nul@example.com");
  });

  it("redact secrets passed by field name", () => {
    const { log, text } = memoryLog();
    log.info({ password: "Hunter2-Hunter2", user: { passwordHash: HASH }, body: { token: "abc123token" } });
    expect(text()).not.toContain("Hunter2-Hunter2");
    expect(text()).not.toContain(HASH);
    expect(text()).not.toContain("abc123token");
    expect(text()).toContain("[Redacted]");
  });

  it("log requests by path, without the query string that carries tokens", async () => {
    const { stream, text } = memoryStream();
    const app = Fastify({ logger: { level: "info", stream, ...safeLoggerOptions } });
    app.get("/auth/verify", async () => ({ ok: true }));
    await app.inject({ method: "GET", url: "/auth/verify?token=one-time-secret-token" });
    await app.close();
    expect(text()).toContain('"url":"/auth/verify"');
    expect(text()).not.toContain("one-time-secret-token");
  });

  it("keep only the path of URLs other code logs (a page a browser reported)", () => {
    const { log, text } = memoryLog();
    log.warn(
      { clientError: { url: "https://app.example/app/auth/reset?token=reset-secret#x" } },
      "client error",
    );
    expect(text()).toContain('"url":"https://app.example/app/auth/reset"');
    expect(text()).not.toContain("reset-secret");
  });

  it.each([
    ["/app/invitations/inv-secret-token", "/app/invitations/[redacted]"],
    ["/app/auth/invitations/inv-secret-token", "/app/auth/invitations/[redacted]"],
    ["/app/auth/signup/inv-secret-token", "/app/auth/signup/[redacted]"],
    ["/app/auth/email-verification/inv-secret-token", "/app/auth/email-verification/[redacted]"],
    ["/app/share/inv-secret-token", "/app/share/[redacted]"],
  ])("leave out the token that is a page's path (%s)", (path, logged) => {
    const { log, text } = memoryLog();
    log.warn({ clientError: { url: `https://app.example${path}?x=1` } }, "client error");
    expect(text()).toContain(`"url":"https://app.example${logged}"`);
    expect(text()).not.toContain("inv-secret-token");
  });

  it("keep paths that carry no token", () => {
    const { log, text } = memoryLog();
    log.warn({ clientError: { url: "https://app.example/app/auth/signup" } }, "client error");
    expect(text()).toContain('"url":"https://app.example/app/auth/signup"');
  });

  it("leave errors without query parameters as they are", () => {
    const { log, text } = memoryLog();
    toSafeError(new Error("plain failure"), "en", log as never);
    expect(text()).toContain("plain failure");
    expect(toSafeError(new AppError("NOT_FOUND"), "en", silentLog).status).toBe(404);
  });
});
