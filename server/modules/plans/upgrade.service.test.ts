import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UpgradeRequestInput } from "../../../shared/schemas/upgrade";
import { factories } from "../../../tests/factories";
import { contextFor } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { DAY_MS, TestClock } from "../../core/clock";
import {
  companies,
  contracts,
  formSubmissions,
  outboundEmails,
  type User,
  upgradeRequests,
} from "../../db/schema";
import { runTrialLifecycle } from "../companies/trial.jobs";
import { viewerCompany } from "../companies/viewer.service";
import { getPlansOverview } from "./plans.service";
import { bankContractStart, submitUpgradeRequest } from "./upgrade.service";

// The upgrade request (spec 02 §2, §4, §5, §7): each rule and message, the bank-transfer path to
// WAITING_CONTRACT and then ACTIVE by the clock, the card path waiting for its checkout.

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
  it("records the request, mails sales and the Admin, and makes the company WAITING_CONTRACT with an upcoming contract", async () => {
    const clock = new TestClock(START);
    const { company, user } = await trialAdmin(clock);
    const ctx = ctxOf(user, clock);
    const result = await submitUpgradeRequest(ctx, settings, input());
    expect(result).toEqual({
      upgradeRequestId: expect.any(String),
      paymentMethod: "BANK_TRANSFER",
      contractStatus: "WAITING_CONTRACT",
      contractStartsAt: "2026-04-01T00:00:00.000Z",
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
    });
    const forms = await t.db.select().from(formSubmissions).where(eq(formSubmissions.companyId, company.id));
    expect(forms.map((r) => r.type)).toEqual(["Upgrade"]);
    const rows = await t.db.select().from(contracts).where(eq(contracts.companyId, company.id));
    expect(rows.find((c) => c.plan === "PREMIUM")).toMatchObject({
      startsAt: new Date("2026-04-01T00:00:00Z"),
      paymentMethod: "BANK_TRANSFER",
      contractPeriod: "YEARLY",
      maxMembers: 12,
      quoteNumber: "2026-0042",
    });
    const [stored] = await t.db.select().from(companies).where(eq(companies.id, company.id));
    expect(stored?.contractStatus).toBe("WAITING_CONTRACT");

    const mail = await t.db.select().from(outboundEmails).where(eq(outboundEmails.companyId, company.id));
    const to = mail.map((m) => m.to[0]).sort();
    expect(to).toEqual([settings.salesEmail, user.email].sort());
    const sales = mail.find((m) => m.to[0] === settings.salesEmail);
    expect(sales?.subject).toBe(`Upgrade request: ${company.companyName} (Premium)`);
    expect(sales?.text).toContain("MC-2026-0042");

    // The overview shows the contracts list with the upcoming contract, not the plan cards.
    const overview = await getPlansOverview(ctx, settings);
    expect(overview).toMatchObject({
      showPlanCards: false,
      contractStatus: "WAITING_CONTRACT",
      plan: "FREE",
    });
    expect(overview.contracts[0]).toMatchObject({
      phase: "UPCOMING",
      quoteNumber: "MC-2026-0042",
      plan: "PREMIUM",
    });
  });

  it("moves to ACTIVE on the start date by the daily job, and the viewer and authorization agree", async () => {
    const clock = new TestClock(START);
    const { company, user } = await trialAdmin(clock);
    await submitUpgradeRequest(ctxOf(user, clock), settings, input({ plan: "STANDARD" }));
    clock.set("2026-03-31T23:59:00Z");
    const system = contextFor(t.db, { kind: "system", reason: "test" }, { clock });
    await runTrialLifecycle(system);
    expect((await viewerCompany(ctxOf(user, clock)))?.contractStatus).toBe("WAITING_CONTRACT");
    clock.set("2026-04-01T00:00:00Z");
    const result = await runTrialLifecycle(system);
    expect(result.activated).toContain(company.id);
    const viewer = await viewerCompany(ctxOf(user, clock));
    expect(viewer).toMatchObject({ plan: "STANDARD", contractStatus: "ACTIVE", trialDaysLeft: null });
    const overview = await getPlansOverview(ctxOf(user, clock), settings);
    expect(overview.contracts[0]).toMatchObject({ phase: "CURRENT", isAutoRenewing: true });
  });

  it("never starts a bank-transfer contract before the next day, so it always waits first", () => {
    expect(bankContractStart("2026-03-10", START).toISOString()).toBe("2026-03-11T00:00:00.000Z");
    expect(bankContractStart("2026-03-20", START).toISOString()).toBe("2026-03-20T00:00:00.000Z");
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
    const { user } = await trialAdmin(clock);
    await submitUpgradeRequest(ctxOf(user, clock), settings, input());
    await expect(submitUpgradeRequest(ctxOf(user, clock), settings, input())).rejects.toMatchObject({
      code: "UPGRADE_ALREADY_CONTRACTED",
    });
  });

  it("creates one contract when two submissions arrive at once", async () => {
    const clock = new TestClock(START);
    const { company, user } = await trialAdmin(clock);
    const results = await Promise.allSettled([
      submitUpgradeRequest(ctxOf(user, clock), settings, input()),
      submitUpgradeRequest(ctxOf(user, clock), settings, input()),
      submitUpgradeRequest(ctxOf(user, clock), settings, input()),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const paid = (await t.db.select().from(contracts).where(eq(contracts.companyId, company.id))).filter(
      (c) => c.plan !== "FREE",
    );
    expect(paid).toHaveLength(1);
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
    expect(result).toMatchObject({
      paymentMethod: "CARD",
      contractStatus: "IN_TRIAL",
      contractStartsAt: null,
    });
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
