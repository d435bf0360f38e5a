import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = {
  kind: "crash",
  message: "Cannot read properties of undefined",
  url: "/app/console",
  stack: "at X",
};

describe("client error reports", () => {
  it("accepts a report and logs it at warn level with the failed request's id", async () => {
    const logged: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
    t.app.addHook("onRequest", async (req) => {
      const record = (level: string) => (obj: Record<string, unknown>, msg: string) =>
        logged.push({ level, obj, msg });
      req.log = Object.assign(Object.create(req.log), { error: record("error"), warn: record("warn") });
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/client-errors",
      payload: { ...report, requestId: "0b7a4d1e-failed-request" },
    });
    expect(res.statusCode).toBe(204);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.level).toBe("warn");
    expect(logged[0]?.msg).toBe("client crash error");
    expect(logged[0]?.obj.clientError).toMatchObject({
      message: report.message,
      url: "/app/console",
      requestId: "0b7a4d1e-failed-request",
    });
  });

  it("refuses malformed and oversized reports", async () => {
    const malformed = await t.app.inject({
      method: "POST",
      url: "/client-errors",
      payload: { kind: "other" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Please check the highlighted fields.",
    });
    const huge = { ...report, stack: "x".repeat(20_000) };
    expect((await t.app.inject({ method: "POST", url: "/client-errors", payload: huge })).statusCode).toBe(
      413,
    );
  });

  it("limits reports per address", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) {
      codes.push(
        (
          await t.app.inject({
            method: "POST",
            url: "/client-errors",
            payload: report,
            remoteAddress: "127.0.0.9",
          })
        ).statusCode,
      );
    }
    expect(codes.filter((c) => c === 204)).toHaveLength(30);
    expect(codes.at(-1)).toBe(429);
  });
});
