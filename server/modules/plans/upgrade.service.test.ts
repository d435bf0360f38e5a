import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorMessage } from "../../../shared/i18n";
import type { UpgradeRequestInput } from "../../../shared/schemas/upgrade";
import { factories } from "../../../tests/factories";
import { contextFor } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { DAY_MS, TestClock } from "../../core/clock";
import {
  apiApplicationRequests,
  companies,
  contracts,
  formSubmissions,
  outboundEmails,
  type User,
  upgradeRequests,
} from "../../db/schema";
import { runTrialLifecycle } from "../companies/trial.jobs";
import { viewerCompany } from "../companies/viewer.service";
import { getApiApplication } from "./api-application.service";
import { getPlansOverview } from "./plans.service";
import { submitUpgradeRequest } from "./upgrade.service";

// The upgrade request (spec 02 §2, §4, §5, §7): each rule and message, the bank-transfer request
// waiting for the provider (its answer: upgrade-review.service.test.ts), the company details and the
// API application the form carries, the card path waiting for its checkout.

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.close());

const START = new Date("2026-03-10T09:00:00Z");
const settings = {
  salesEmail: "sales@provider.example",
  stripe: null,
  webhookSecret: null,
  appUrl: "http://app.test",
};

function input(overrides: Partial<Record<keyof UpgradeRequestInput, unknown>> = {}): UpgradeRequestInput {
  return {
    plan: "PREMIUM",
    companyName: "Kaiun Logistics",
    companyAddress: "1-2-3 Kaigan, Minato-ku, Tokyo",
    companyTel: "+81 3 5555 0101",
    personInCharge: "Hana Mori",
    workEmail: "hana@kaiun.example",
    emailForInvoice: "invoice@kaiun.example",
    quoteNumber: "MC-2026-0042",
    maxTrackings: "300",
    maxMembers: "12",
    desiredStartDate: "2026-04-01",
    contractPeriod: "YEARLY",
    paymentMethod: "BANK_TRANSFER",
    acceptTos: true,
    remarks: "",
    isApiEnabled: true,
    ...overrides,
  } as unknown as UpgradeRequestInput;
}

async function trialAdmin(clock: TestClock) {
  const f = factories(t.db, clock.now());
  const { company, user } = await f.companyWith("ADMIN");
  return { company, user, f };
}

const ctxOf = (user: User, clock: TestClock) => contextFor(t.db, user, { clock });

describe("submitUpgradeRequest by bank transfer", () => {
  it("records the request and mails sales and the Admin, but creates no contract: the company stays in trial until the provider answers", async () => {
    const clock = new TestClock(START);
    const { company, user } = await trialAdmin(clock);
    const ctx = ctxOf(user, clock);
    const result = await submitUpgradeRequest(ctx, settings, input());
    expect(result).toEqual({
      upgradeRequestId: expect.any(String),
      paymentMethod: "BANK_TRANSFER",
      contractStatus: "IN_TRIAL",
      apiApplied: true,
    });

    const [request] = await t.db
      .select()
      .from(upgradeRequests)
      .where(eq(upgradeRequests.companyId, company.id));
    expect(request).toMatchObject({
      plan: "PREMIUM",
      quoteNumber: "2026-0042",
      maxTrackings: 300,
      isApiEnabled: true,
      status: "SUBMITTED",
      contractId: null,
    });
    const forms = await t.db.select().from(formSubmissions).where(eq(formSubmissions.companyId, company.id));
    expect(forms.map((r) => r.type).sort()).toEqual(["API", "Upgrade"]);
    // Nothing the customer typed becomes a contract by itself.
    const rows = await t.db.select().from(contracts).where(eq(contracts.companyId, company.id));
    expect(rows.map((c) => c.plan)).toEqual(["FREE"]);
    const [stored] = await t.db.select().from(companies).where(eq(companies.id, company.id));
    expect(stored?.contractStatus).toBe("IN_TRIAL");

    const mail = await t.db.select().from(outboundEmails).where(eq(outboundEmails.companyId, company.id));
    const sales = mail.find((m) => m.to[0] === settings.salesEmail && m.template === "plans.sales");
    // The company is named as the form gave it (its record now says so too).
    expect(sales?.subject).toBe("Upgrade request: Kaiun Logistics (Premium)");
    expect(sales?.text).toContain("MC-2026-0042");
    expect(sales?.text).toContain(`accept-upgrade-request ${result.upgradeRequestId}`);
    const admin = mail.find((m) => m.to[0] === user.email);
    expect(admin?.text).toContain("Our sales team contacts you within 3 business days.");

    // The plans page shows the request as sent (not the cards that would send another one).
    const overview = await getPlansOverview(ctx, settings);
    expect(overview).toMatchObject({
      showPlanCards: false,
      contractStatus: "IN_TRIAL",
      plan: "FREE",
      upcomingContract: null,
      pendingCardUpgrade: null,
      pendingUpgrade: { id: result.upgradeRequestId, plan: "PREMIUM", submittedAt: START.toISOString() },
    });
  });

  it("saves the form's company details to the company: Plan and Payment shows them", async () => {
    const clock = new TestClock(START);
    const { company, user } = await trialAdmin(clock);
    await t.db
      .update(companies)
      .set({ companyAddress: null, personInCharge: null, emailForInvoice: null })
      .where(eq(companies.id, company.id));
    await submitUpgradeRequest(ctxOf(user, clock), settings, input({ companyName: "Kaiun Logistics KK" }));
    const overview = await getPlansOverview(ctxOf(user, clock), settings);
    expect(overview.company).toMatchObject({
      companyName: "Kaiun Logistics KK",
      companyAddress: "1-2-3 Kaigan, Minato-ku, Tokyo",
      phoneNumber: "+81 3 5555 0101",
      personInCharge: "Hana Mori",
      workEmail: "hana@kaiun.example",
      emailForInvoice: "invoice@kaiun.example",
    });
  });

  it("files the API application when its box is ticked: the API page shows it as applied", async () => {
    const clock = new TestClock(START);
    const { company, user } = await trialAdmin(clock);
    await submitUpgradeRequest(ctxOf(user, clock), settings, input({ isApiEnabled: true }));
    const applications = await t.db
      .select()
      .from(apiApplicationRequests)
      .where(eq(apiApplicationRequests.companyId, company.id));
    expect(applications).toEqual([
      expect.objectContaining({ status: "SUBMITTED", email: user.email, requestedByUserId: user.id }),
    ]);
    expect(await getApiApplication(ctxOf(user, clock))).toMatchObject({
      plan: "FREE",
      availableNow: false,
      upgradeRequested: true,
      application: { status: "SUBMITTED", appliedAt: START.toISOString() },
    });
  });

  it("without the API box files no application", async () => {
    const clock = new TestClock(START);
    const { company, user } = await trialAdmin(clock);
    const result = await submitUpgradeRequest(ctxOf(user, clock), settings, input({ isApiEnabled: false }));
    expect(result.apiApplied).toBe(false);
    expect(
      await t.db
        .select()
        .from(apiApplicationRequests)
        .where(eq(apiApplicationRequests.companyId, company.id)),
    ).toEqual([]);
  });
});

describe("the upgrade rules", () => {
  it("refuses a desired start date in the past with its message", async () => {
    const clock = new TestClock(START);
    const { user } = await trialAdmin(clock);
    await expect(
      submitUpgradeRequest(ctxOf(user, clock), settings, input({ desiredStartDate: "2026-03-01" })),
    ).rejects.toMatchObject({ code: "UPGRADE_START_DATE_PAST" });
  });

  it("refuses a second paid contract while one is current or upcoming", async () => {
    const clock = new TestClock(START);
    const { company, user, f } = await trialAdmin(clock);
    await f.contract(company.id, {
      plan: "STANDARD",
      startsAt: new Date("2026-04-01T00:00:00Z"),
      endsAt: new Date("9999-12-31T00:00:00Z"),
    });
    await expect(submitUpgradeRequest(ctxOf(user, clock), settings, input())).rejects.toMatchObject({
      code: "UPGRADE_ALREADY_CONTRACTED",
    });
  });

  it("refuses a second request while one waits for the provider, with the sales-contact promise", async () => {
    const clock = new TestClock(START);
    const { user } = await trialAdmin(clock);
    await submitUpgradeRequest(ctxOf(user, clock), settings, input());
    await expect(submitUpgradeRequest(ctxOf(user, clock), settings, input())).rejects.toMatchObject({
      code: "UPGRADE_REQUEST_PENDING",
      params: { days: 3 },
    });
    expect(errorMessage("en", "UPGRADE_REQUEST_PENDING", { days: 3 })).toBe(
      "Your upgrade request is already with our sales team. They will contact you within 3 business days.",
    );
    expect(errorMessage("ja", "UPGRADE_REQUEST_PENDING", { days: 3 })).toContain("3営業日以内");
  });

  it("opens one request when two submissions arrive at once", async () => {
    const clock = new TestClock(START);
    const { company, user } = await trialAdmin(clock);
    const results = await Promise.allSettled([
      submitUpgradeRequest(ctxOf(user, clock), settings, input()),
      submitUpgradeRequest(ctxOf(user, clock), settings, input()),
      submitUpgradeRequest(ctxOf(user, clock), settings, input()),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const open = await t.db.select().from(upgradeRequests).where(eq(upgradeRequests.companyId, company.id));
    expect(open).toHaveLength(1);
    const paid = (await t.db.select().from(contracts).where(eq(contracts.companyId, company.id))).filter(
      (c) => c.plan !== "FREE",
    );
    expect(paid).toEqual([]);
  });

  it("never asks for the API on STARTER, whose form hides the checkbox", async () => {
    const clock = new TestClock(START);
    const { company, user } = await trialAdmin(clock);
    await submitUpgradeRequest(ctxOf(user, clock), settings, input({ plan: "STARTER", isApiEnabled: true }));
    const [request] = await t.db
      .select()
      .from(upgradeRequests)
      .where(eq(upgradeRequests.companyId, company.id));
    expect(request?.isApiEnabled).toBe(false);
  });

  it("is the Admin's: a Manager is refused with the permission message", async () => {
    const clock = new TestClock(START);
    const { company, f } = await trialAdmin(clock);
    const manager = await f.user({ companyId: company.id, role: "MANAGER" });
    await expect(submitUpgradeRequest(ctxOf(manager, clock), settings, input())).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    expect(
      await t.db.select().from(formSubmissions).where(eq(formSubmissions.companyId, company.id)),
    ).toEqual([]);
  });

  it("leaves a card upgrade waiting for its checkout: no contract, still in trial, offered to pay", async () => {
    const clock = new TestClock(START);
    const { company, user } = await trialAdmin(clock);
    const result = await submitUpgradeRequest(ctxOf(user, clock), settings, input({ paymentMethod: "CARD" }));
    expect(result).toMatchObject({ paymentMethod: "CARD", contractStatus: "IN_TRIAL" });
    const paid = (await t.db.select().from(contracts).where(eq(contracts.companyId, company.id))).filter(
      (c) => c.plan !== "FREE",
    );
    expect(paid).toEqual([]);
    const overview = await getPlansOverview(ctxOf(user, clock), settings);
    expect(overview).toMatchObject({
      showPlanCards: true,
      cardPaymentAvailable: false,
      pendingCardUpgrade: { id: result.upgradeRequestId, plan: "PREMIUM" },
    });
  });
});

describe("the trial end", () => {
  it("turns the trial into CHURN after 30 days with the plan cards offered again", async () => {
    const clock = new TestClock(START);
    const { company, user } = await trialAdmin(clock);
    const system = contextFor(t.db, { kind: "system", reason: "test" }, { clock });
    clock.advance(29 * DAY_MS);
    expect(await viewerCompany(ctxOf(user, clock))).toMatchObject({
      contractStatus: "IN_TRIAL",
      trialDaysLeft: 1,
    });
    clock.advance(DAY_MS);
    expect((await runTrialLifecycle(system)).churned).toContain(company.id);
    expect(await viewerCompany(ctxOf(user, clock))).toMatchObject({
      contractStatus: "CHURN",
      trialDaysLeft: null,
      canAccessConsole: false,
    });
    const overview = await getPlansOverview(ctxOf(user, clock), settings);
    expect(overview).toMatchObject({ showPlanCards: true, contractStatus: "CHURN", maxTrackings: 0 });
  });
});
