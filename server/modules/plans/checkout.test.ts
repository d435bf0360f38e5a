import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_DEFINITIONS } from "../../../shared/errors";
import { factories } from "../../../tests/factories";
import { createTestApp, type TestApp } from "../../../tests/setup/app";
import { contextFor } from "../../../tests/setup/context";
import { loadConfig } from "../../config";
import { TestClock } from "../../core/clock";
import { companies, contracts, paymentEvents, type User } from "../../db/schema";
import { viewerCompany } from "../companies/viewer.service";
import { completeCheckout, createBillingPortalUrl, createCheckoutUrl } from "./checkout.service";
import { paymentSettings } from "./payment-provider";
import { PAYMENT_WEBHOOK_PATH } from "./plans.rest";
import { FAKE_WEBHOOK_SECRET, type StripeFake, startStripeFake } from "./stripe-fake.testkit";
import { submitUpgradeRequest } from "./upgrade.service";

// Card payment against a local fake of Stripe's API (the real SDK, pointed at loopback): checkout,
// the return with session_id, the billing portal, and webhooks — forged, replayed and applied.

const NOW = new Date("2026-05-01T10:00:00Z");
let fake: StripeFake;
let t: TestApp;
let settings: ReturnType<typeof paymentSettings>;
const clock = new TestClock(NOW);

beforeAll(async () => {
  fake = await startStripeFake();
  t = await createTestApp({ clock, env: fake.env });
  settings = paymentSettings(loadConfig({ NODE_ENV: "test", APP_URL: "http://app.test", ...fake.env }));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const ctxOf = (user: User) => contextFor(t.database.db, user, { clock });

async function cardUpgrade() {
  const { company, user } = await factories(t.database.db, clock.now()).companyWith("ADMIN");
  await submitUpgradeRequest(ctxOf(user), settings, {
    plan: "STANDARD",
    companyName: company.companyName,
    companyAddress: "2-1 Minatomirai, Yokohama",
    companyTel: "+81 45 000 0000",
    personInCharge: "Ken Ito",
    workEmail: "ken@card.example",
    emailForInvoice: "ap@card.example",
    quoteNumber: "Q-77",
    maxTrackings: 200,
    maxMembers: 8,
    desiredStartDate: "2026-05-01",
    contractPeriod: "MONTHLY",
    paymentMethod: "CARD",
    acceptTos: true,
    isApiEnabled: false,
  });
  return { company, user };
}

const paidContracts = async (companyId: string) =>
  (await t.database.db.select().from(contracts).where(eq(contracts.companyId, companyId))).filter(
    (c) => c.plan !== "FREE",
  );

function webhook(body: string, signature?: string) {
  return t.app.inject({
    method: "POST",
    url: PAYMENT_WEBHOOK_PATH,
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    payload: body,
  });
}

describe("checkout", () => {
  it("says card payment is not configured without Stripe settings: a 409 the console shows, never a retried 5xx", async () => {
    const { user } = await cardUpgrade();
    const none = paymentSettings(loadConfig({ NODE_ENV: "test" }));
    for (const call of [createCheckoutUrl, createBillingPortalUrl]) {
      await expect(call(ctxOf(user), none)).rejects.toMatchObject({ code: "CARD_PAYMENT_NOT_CONFIGURED" });
    }
    expect(ERROR_DEFINITIONS.CARD_PAYMENT_NOT_CONFIGURED.status).toBeLessThan(500);
  });

  it("needs a card upgrade first", async () => {
    const { user } = await factories(t.database.db, clock.now()).companyWith("ADMIN");
    await expect(createCheckoutUrl(ctxOf(user), settings)).rejects.toMatchObject({
      code: "NO_PENDING_CARD_UPGRADE",
    });
  });

  it("opens a setup-mode session for the company's customer, then completes it once on the return", async () => {
    const { company, user } = await cardUpgrade();
    const { url } = await createCheckoutUrl(ctxOf(user), settings);
    expect(url.startsWith(`${fake.url}/pay/cs_test_`)).toBe(true);
    const sessionId = url.split("/").pop() ?? "";
    const session = fake.sessions.get(sessionId);
    expect(session).toMatchObject({
      mode: "setup",
      success_url: "http://app.test/app/console/plans?session_id={CHECKOUT_SESSION_ID}",
      metadata: { companyId: company.id },
    });
    const [stored] = await t.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(stored?.paymentCustomerId).toBe(session?.customer);

    await expect(completeCheckout(ctxOf(user), settings, sessionId)).rejects.toMatchObject({
      code: "CHECKOUT_NOT_COMPLETED",
    });
    fake.pay(sessionId);
    const done = await completeCheckout(ctxOf(user), settings, sessionId);
    expect(done.plan).toBe("STANDARD");
    const again = await completeCheckout(ctxOf(user), settings, sessionId);
    expect(again.contractId).toBe(done.contractId);
    expect(await paidContracts(company.id)).toEqual([
      expect.objectContaining({ plan: "STANDARD", paymentMethod: "CARD", startsAt: NOW, maxMembers: 8 }),
    ]);
    expect(await viewerCompany(ctxOf(user))).toMatchObject({ plan: "STANDARD", contractStatus: "ACTIVE" });

    const portal = await createBillingPortalUrl(ctxOf(user), settings);
    expect(portal.url).toBe(`${fake.url}/portal/${session?.customer}`);
  });

  it("refuses another company's session id", async () => {
    const first = await cardUpgrade();
    const { url } = await createCheckoutUrl(ctxOf(first.user), settings);
    const sessionId = url.split("/").pop() ?? "";
    fake.pay(sessionId);
    const other = await cardUpgrade();
    await expect(completeCheckout(ctxOf(other.user), settings, sessionId)).rejects.toMatchObject({
      code: "CHECKOUT_NOT_FOUND",
    });
    expect(await paidContracts(other.company.id)).toEqual([]);
  });

  it("has no billing portal before a card customer exists", async () => {
    const { user } = await factories(t.database.db, clock.now()).companyWith("ADMIN");
    await expect(createBillingPortalUrl(ctxOf(user), settings)).rejects.toMatchObject({
      code: "BILLING_PORTAL_UNAVAILABLE",
    });
  });
});

describe("the Stripe webhook", () => {
  it("refuses a forged signature and a missing one, and applies nothing", async () => {
    const { company, user } = await cardUpgrade();
    const { url } = await createCheckoutUrl(ctxOf(user), settings);
    const session = fake.pay(url.split("/").pop() ?? "");
    const event = { id: "evt_forged", type: "checkout.session.completed", data: { object: session } };
    const forged = fake.signed(event, "whsec_someone_else");
    const res = await webhook(forged.body, forged.signature);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "PAYMENT_SIGNATURE_INVALID" });
    expect((await webhook(forged.body)).statusCode).toBe(400);
    // A body changed after signing is refused too.
    const genuine = fake.signed(event);
    const tampered = genuine.body.replace(session.id, "cs_test_other");
    expect((await webhook(tampered, genuine.signature)).statusCode).toBe(400);
    expect(await paidContracts(company.id)).toEqual([]);
  });

  it("completes the checkout once, however often the event is delivered", async () => {
    const { company, user } = await cardUpgrade();
    const { url } = await createCheckoutUrl(ctxOf(user), settings);
    const session = fake.pay(url.split("/").pop() ?? "");
    const delivery = fake.signed({
      id: `evt_${company.id}`,
      type: "checkout.session.completed",
      data: { object: session },
    });
    const first = await webhook(delivery.body, delivery.signature);
    expect(first.json()).toEqual({ received: true, outcome: "applied" });
    const replay = await webhook(delivery.body, delivery.signature);
    expect(replay.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await paidContracts(company.id)).toHaveLength(1);
    // The return with session_id after the webhook finds the same contract.
    const back = await completeCheckout(ctxOf(user), settings, session.id);
    expect(back.contractId).toBe((await paidContracts(company.id))[0]?.id);
    const [event] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, `evt_${company.id}`));
    expect(event?.companyId).toBe(company.id);
  });

  it("records a failed payment and clears it when an invoice is paid", async () => {
    const { company, user } = await cardUpgrade();
    const { url } = await createCheckoutUrl(ctxOf(user), settings);
    const session = fake.pay(url.split("/").pop() ?? "");
    await completeCheckout(ctxOf(user), settings, session.id);
    const failed = fake.signed({
      id: `evt_fail_${company.id}`,
      type: "invoice.payment_failed",
      data: { object: { id: "in_1", object: "invoice", customer: session.customer } },
    });
    await webhook(failed.body, failed.signature);
    const failedAt = async () =>
      (await t.database.db.select().from(companies).where(eq(companies.id, company.id)))[0]?.paymentFailedAt;
    expect(await failedAt()).toEqual(NOW);
    const paid = fake.signed({
      id: `evt_paid_${company.id}`,
      type: "invoice.paid",
      data: { object: { id: "in_1", object: "invoice", customer: session.customer } },
    });
    await webhook(paid.body, paid.signature);
    expect(await failedAt()).toBeNull();
  });

  it("ends the card contract when the subscription is cancelled, and the company churns", async () => {
    const { company, user } = await cardUpgrade();
    const { url } = await createCheckoutUrl(ctxOf(user), settings);
    const session = fake.pay(url.split("/").pop() ?? "");
    await completeCheckout(ctxOf(user), settings, session.id);
    clock.advance(40 * 24 * 60 * 60 * 1000);
    try {
      const cancelled = fake.signed({
        id: `evt_cancel_${company.id}`,
        type: "customer.subscription.deleted",
        data: { object: { id: "sub_1", object: "subscription", customer: session.customer } },
      });
      expect((await webhook(cancelled.body, cancelled.signature)).json()).toMatchObject({
        outcome: "applied",
      });
      const [card] = await paidContracts(company.id);
      expect(card?.endsAt).toEqual(clock.now());
      expect(await viewerCompany(ctxOf(user))).toMatchObject({ contractStatus: "CHURN", plan: "FREE" });
    } finally {
      clock.set(NOW);
    }
  });
});

describe("Stripe events out of order", () => {
  /** A company whose card checkout is done: it is Stripe's customer. */
  async function cardCustomer() {
    const { company, user } = await cardUpgrade();
    const { url } = await createCheckoutUrl(ctxOf(user), settings);
    const session = fake.pay(url.split("/").pop() ?? "");
    await completeCheckout(ctxOf(user), settings, session.id);
    return { company, customer: String(session.customer) };
  }
  const failedAt = async (companyId: string) =>
    (await t.database.db.select().from(companies).where(eq(companies.id, companyId)))[0]?.paymentFailedAt;
  const invoiceEvent = (
    id: string,
    type: "invoice.paid" | "invoice.payment_failed",
    invoice: string,
    customer: string,
    created: number,
  ) => fake.signed({ id, type, created, data: { object: { id: invoice, object: "invoice", customer } } });

  it("skips an invoice's payment_failed older than its paid, and applies a newer one", async () => {
    const { company, customer } = await cardCustomer();
    const at = Math.floor(NOW.getTime() / 1000);
    const paid = invoiceEvent(`evt_paid_${company.id}`, "invoice.paid", "in_order", customer, at);
    expect((await webhook(paid.body, paid.signature)).json()).toEqual({ received: true, outcome: "applied" });
    const late = invoiceEvent(
      `evt_late_${company.id}`,
      "invoice.payment_failed",
      "in_order",
      customer,
      at - 60,
    );
    expect((await webhook(late.body, late.signature)).json()).toEqual({
      received: true,
      outcome: "superseded",
    });
    expect(await failedAt(company.id)).toBeNull();
    // Recorded all the same: Stripe's redelivery of it is a duplicate.
    expect((await webhook(late.body, late.signature)).json()).toMatchObject({ outcome: "duplicate" });

    // Another invoice's failure is its own object; and a newer failure of this one applies.
    const next = invoiceEvent(
      `evt_next_${company.id}`,
      "invoice.payment_failed",
      "in_order",
      customer,
      at + 60,
    );
    expect((await webhook(next.body, next.signature)).json()).toMatchObject({ outcome: "applied" });
    expect(await failedAt(company.id)).toEqual(NOW);
  });

  it("ends on the newest event when an invoice's two events race each other", async () => {
    const { company, customer } = await cardCustomer();
    const at = Math.floor(NOW.getTime() / 1000);
    for (let round = 0; round < 6; round++) {
      const invoice = `in_race_${round}`;
      const failed = invoiceEvent(
        `evt_rf_${round}_${company.id}`,
        "invoice.payment_failed",
        invoice,
        customer,
        at,
      );
      const paid = invoiceEvent(`evt_rp_${round}_${company.id}`, "invoice.paid", invoice, customer, at + 1);
      const sent = round % 2 === 0 ? [failed, paid] : [paid, failed];
      const outcomes = await Promise.all(sent.map((e) => webhook(e.body, e.signature)));
      expect(outcomes.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await failedAt(company.id)).toBeNull();
    }
  });
});

describe("the Stripe webhook with only the signing secret", () => {
  let only: TestApp;
  beforeAll(async () => {
    only = await createTestApp({ clock, env: { STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET } });
  });
  afterAll(() => only?.close());

  const post = (app: TestApp, body: string, signature?: string) =>
    app.app.inject({
      method: "POST",
      url: PAYMENT_WEBHOOK_PATH,
      headers: {
        "content-type": "application/json",
        ...(signature ? { "stripe-signature": signature } : {}),
      },
      payload: body,
    });

  it("verifies, records and applies events without STRIPE_SECRET_KEY, and still refuses forged ones", async () => {
    const { company } = await factories(only.database.db, clock.now()).companyWith("ADMIN");
    await only.database.db
      .update(companies)
      .set({ paymentCustomerId: "cus_only_secret" })
      .where(eq(companies.id, company.id));
    const event = {
      id: "evt_only_secret",
      type: "invoice.payment_failed",
      data: { object: { id: "in_only_secret", object: "invoice", customer: "cus_only_secret" } },
    };
    const genuine = fake.signed(event);
    const res = await post(only, genuine.body, genuine.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: "applied" });
    const [row] = await only.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.paymentFailedAt).toEqual(NOW);
    const [recorded] = await only.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, "evt_only_secret"));
    expect(recorded?.companyId).toBe(company.id);

    const forged = fake.signed({ ...event, id: "evt_only_forged" }, "whsec_someone_else");
    expect((await post(only, forged.body, forged.signature)).json()).toMatchObject({
      code: "PAYMENT_SIGNATURE_INVALID",
    });
  });

  it("answers 503 CARD_PAYMENT_UNAVAILABLE when no signing secret is configured", async () => {
    const none = await createTestApp({ clock });
    try {
      const genuine = fake.signed({
        id: "evt_no_secret",
        type: "invoice.paid",
        data: { object: { id: "in_x" } },
      });
      const res = await post(none, genuine.body, genuine.signature);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: "CARD_PAYMENT_UNAVAILABLE" });
    } finally {
      await none.close();
    }
  });
});
