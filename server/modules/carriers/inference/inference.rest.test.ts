import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../../tests/factories";
import { Client, signInAs, signUp, signUpVerified } from "../../../../tests/rest/auth-client";
import { createTestApp, type TestApp } from "../../../../tests/setup/app";
import { silentLog } from "../../../../tests/setup/context";
import { loadConfig } from "../../../config";
import { createJobQueue } from "../../../jobs/queue";
import { inferenceRoutes } from "./inference.rest";

// GET /ml/infer/{trackingNumber} and carriers.infer through the app, as the console calls them.

let t: TestApp;
let ipSeq = 0;
const client = (lang?: "en" | "ja") => {
  ipSeq += 1;
  return new Client(t.app, { ip: `127.5.0.${ipSeq}`, lang });
};

beforeAll(async () => {
  t = await createTestApp();
  // Mounted here the way app.ts mounts it, until app.ts does.
  if (t.app.hasRoute({ method: "GET", url: "/ml/infer/:trackingNumber" })) return;
  await t.app.register(inferenceRoutes, {
    deps: { db: t.database.db, jobs: createJobQueue(t.boss), clock: t.clock, log: silentLog },
    config: loadConfig({ NODE_ENV: "test", PORT: "0" }),
  });
});
afterAll(() => t.close());

/** A member who may add shipments: inference is the first step of that (docs/decisions/0058-standing-in-authorize.md). */
async function member(c: Client, overrides: Parameters<ReturnType<typeof factories>["company"]>[0] = {}) {
  const f = factories(t.database.db, t.clock.now());
  const company = await f.company(overrides);
  await f.contract(company.id);
  const user = await f.user({ companyId: company.id, role: "OPERATOR" });
  await signInAs(c, t.database.db, user);
  return { browser: c };
}

describe("GET /ml/infer/:trackingNumber", () => {
  it("answers a verified user with the line and the type", async () => {
    const { browser } = await member(client());
    const res = await browser.get("/ml/infer/MSCU7188200");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ shippingLine: "MSC", trackingType: "CONTAINER_NUMBER" });
    const bl = await browser.get(`/ml/infer/${encodeURIComponent("HLCURUH220700151")}`);
    expect(bl.json()).toEqual({ shippingLine: "HAPAGLLOYD", trackingType: "BILL_OF_LADING_NUMBER" });
    const merged = await browser.get("/ml/infer/UACU5123453");
    expect(merged.json()).toEqual({ shippingLine: "HAPAGLLOYD", trackingType: "CONTAINER_NUMBER" });
  });

  it("answers a leased box as a container number with no line, so the form asks for the line", async () => {
    const { browser } = await member(client());
    const res = await browser.get("/ml/infer/TRHU3368865");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ shippingLine: null, trackingType: "CONTAINER_NUMBER" });
  });

  it("says 'Failed to infer tracking types.' when unsure, in the request's language", async () => {
    const { browser } = await member(client());
    const res = await browser.get("/ml/infer/MSCU7188201");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: true,
      code: "TRACKING_TYPE_INFERENCE_FAILED",
      message: "Failed to infer tracking types.",
    });
    const ja = new Client(t.app, { ip: "127.5.1.1", lang: "ja" });
    ja.cookie = browser.cookie;
    expect((await ja.get("/ml/infer/6240512345")).json().message).toBe(
      "トラッキング種別を推定できませんでした。",
    );
  });

  it("refuses visitors and unverified accounts", async () => {
    expect((await client().get("/ml/infer/MSCU7188200")).json().code).toBe("UNAUTHENTICATED");
    const unverified = client();
    await signUp(unverified);
    const res = await unverified.get("/ml/infer/MSCU7188200");
    expect([res.statusCode, res.json().code]).toEqual([403, "EMAIL_NOT_VERIFIED"]);
  });

  it("refuses a person without a company, and a company the provider has not approved", async () => {
    const { browser: loner } = await signUpVerified(client(), t.database.db);
    expect((await loner.get("/ml/infer/MSCU7188200")).json().code).toBe("NO_COMPANY");
    const { browser: pending } = await member(client(), { approvalState: "PENDING", approvedAt: null });
    const res = await pending.get("/ml/infer/MSCU7188200");
    expect([res.statusCode, res.json().code]).toEqual([403, "COMPANY_NOT_APPROVED"]);
  });
});

describe("carriers.infer", () => {
  it("gives the same answer over tRPC", async () => {
    const { browser } = await member(client());
    const res = await browser.query("carriers.infer", { trackingNumber: "ONEYTYOA24051200" });
    expect(res.data).toEqual({ shippingLine: "ONE", trackingType: "BILL_OF_LADING_NUMBER" });
    const leased = await browser.query("carriers.infer", { trackingNumber: "TXGU6625349" });
    expect(leased.data).toEqual({ shippingLine: null, trackingType: "CONTAINER_NUMBER" });
    const unsure = await browser.query("carriers.infer", { trackingNumber: "1234567890" });
    expect(unsure.error?.data.appCode).toBe("TRACKING_TYPE_INFERENCE_FAILED");
    expect(unsure.error?.message).toBe("Failed to infer tracking types.");
  });
});
