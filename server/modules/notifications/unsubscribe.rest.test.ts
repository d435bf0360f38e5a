import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { createTestApp, type TestApp } from "../../../tests/setup/app";
import { subscriptions, unsubscribeTokens } from "../../db/schema";
import { newUnsubscribeToken } from "./notify.queries";

// POST /notifications/unsubscribe?unsubscribeToken=… as a mail client sends it (RFC 8058): form-encoded
// "List-Unsubscribe=One-Click", no cookie, no Origin.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function subscribedWithToken() {
  const f = factories(t.database.db);
  const { team, user } = await f.companyWith("READONLY");
  const shipment = await f.shipment(team);
  await t.database.db.insert(subscriptions).values({ userId: user.id, shipmentId: shipment.id });
  const token = newUnsubscribeToken();
  await t.database.db
    .insert(unsubscribeTokens)
    .values({ token, userId: user.id, shipmentId: shipment.id, companyId: team.companyId });
  return { user, token };
}

const oneClick = (token: string) =>
  t.app.inject({
    method: "POST",
    url: `/notifications/unsubscribe?unsubscribeToken=${encodeURIComponent(token)}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });

describe("one-click unsubscribe", () => {
  it("unsubscribes without a session and answers 200, also when repeated", async () => {
    const { user, token } = await subscribedWithToken();
    const res = await oneClick(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true });
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual(
      [],
    );
    expect((await oneClick(token)).statusCode).toBe(200);
  });

  it("takes the multipart/form-data body RFC 8058 says mail providers SHOULD send", async () => {
    const { user, token } = await subscribedWithToken();
    // The body and its boundary as the platform's own FormData encodes them.
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const encoded = new Request("http://mail.provider/", { method: "POST", body: form });
    const res = await t.app.inject({
      method: "POST",
      url: `/notifications/unsubscribe?unsubscribeToken=${encodeURIComponent(token)}`,
      headers: { "content-type": encoded.headers.get("content-type") ?? "" },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(encoded.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true });
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual(
      [],
    );
  });

  it("refuses a body far larger than a one-click form", async () => {
    const { token } = await subscribedWithToken();
    const res = await t.app.inject({
      method: "POST",
      url: `/notifications/unsubscribe?unsubscribeToken=${encodeURIComponent(token)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `List-Unsubscribe=One-Click&pad=${"x".repeat(64 * 1024)}`,
    });
    expect(res.statusCode).toBe(413);
  });

  it("answers 404 with the error text for an unknown or missing token", async () => {
    const res = await oneClick("nobody-was-given-this");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "UNSUBSCRIBE_TOKEN_INVALID" });
    const missing = await t.app.inject({ method: "POST", url: "/notifications/unsubscribe" });
    expect(missing.statusCode).toBe(404);
  });
});
