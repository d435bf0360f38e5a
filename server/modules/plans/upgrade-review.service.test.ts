import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UpgradeRequestInput } from "../../../shared/schemas/upgrade";
import { factories } from "../../../tests/factories";
import { contextFor } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import { auditLogs, companies, contracts, outboundEmails, type User, upgradeRequests } from "../../db/schema";
import { runTrialLifecycle } from "../companies/trial.jobs";
import { viewerCompany } from "../companies/viewer.service";
import { getApiApplication } from "./api-application.service";
import { getPlansOverview } from "./plans.service";
import { submitUpgradeRequest } from "./upgrade.service";
import { acceptUpgradeRequest, refuseUpgradeRequest } from "./upgrade-review.service";

// The provider's answer to a bank-transfer upgrade request (spec 02 §4): accepted with the quoted
// terms it becomes the upcoming contract (WAITING_CONTRACT, then ACTIVE on its date); refused, the
// company's Admins are told why in their language. Decided once, even when asked twice at once.

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
const review = { salesEmail: "sales@provider.example", appUrl: "https://tracking.example.com" };

function input(overrides: Partial<Record<keyof UpgradeRequestInput, unknown>> = {}): UpgradeRequestInput {
  return {
    plan: "ENTERPRISE",
    companyName: "Kaiun Logistics",
    companyAddress: "1-2-3 Kaigan, Minato-ku, Tokyo",
    companyTel: "+81 3 5555 0101",
    personInCharge: "Hana Mori",
    workEmail: "hana@kaiun.example",
    emailForInvoice: "invoice@kaiun.example",
    quoteNumber: "MC-2026-0042",
    // What the customer typed: far more than the provider quotes.
    maxTrackings: "99999",
    maxMembers: "999",
    desiredStartDate: "2026-03-11",
    contractPeriod: "YEARLY",
    paymentMethod: "BANK_TRANSFER",
    acceptTos: true,
    remarks: "",
    isApiEnabled: true,
    ...overrides,
  } as unknown as UpgradeRequestInput;
}

const quoted = {
  plan: "PREMIUM" as const,
  startsAt: "2026-04-01",
  maxTrackings: "300",
  maxMembers: "12",
};

const ctxOf = (user: User, clock: TestClock, lang: "en" | "ja" = "en") =>
  contextFor(t.db, user, { clock, lang });
const provider = (clock: TestClock) =>
  contextFor(t.db, { kind: "system", reason: "admin-cli:operator" }, { clock });

async function submitted(
  clock: TestClock,
  overrides: Partial<Record<keyof UpgradeRequestInput, unknown>> = {},
) {
  const f = factories(t.db, clock.now());
  const { company, user } = await f.companyWith("ADMIN");
  const result = await submitUpgradeRequest(ctxOf(user, clock), settings, input(overrides));
  return { company, user, f, requestId: result.upgradeRequestId };
}

const decisionMail = (companyId: string, template: string) =>
  t.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.companyId, companyId), eq(outboundEmails.template, template)));

describe("accepting an upgrade request", () => {
  it("creates the upcoming contract with the quoted terms, not the typed ones: WAITING_CONTRACT, the Admin told", async () => {
    const clock = new TestClock(START);
    const { company, user, requestId } = await submitted(clock);
    const decision = await acceptUpgradeRequest(provider(clock), review, requestId, quoted);
    expect(decision).toMatchObject({
      status: "ACCEPTED",
      contractStatus: "WAITING_CONTRACT",
      contract: {
        plan: "PREMIUM",
        startsAt: "2026-04-01T00:00:00.000Z",
        endsAt: "9999-12-31T00:00:00.000Z",
        maxTrackings: 300,
        maxMembers: 12,
      },
      mailed: 1,
    });
    const paid = (await t.db.select().from(contracts).where(eq(contracts.companyId, company.id))).filter(
      (c) => c.plan !== "FREE",
    );
    expect(paid).toEqual([
      expect.objectContaining({
        plan: "PREMIUM",
        maxTrackings: 300,
        maxMembers: 12,
        paymentMethod: "BANK_TRANSFER",
        contractPeriod: "YEARLY",
        quoteNumber: "2026-0042",
      }),
    ]);
    const [request] = await t.db.select().from(upgradeRequests).where(eq(upgradeRequests.id, requestId));
    expect(request).toMatchObject({
      status: "ACCEPTED",
      contractId: paid[0]?.id,
      decidedBy: "admin-cli:operator",
      decidedAt: START,
    });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "company.upgradeAccepted"));
    expect(audit?.target).toBe(`company:${company.id}`);

    const [mail] = await decisionMail(company.id, "plans.accepted");
    expect(mail?.to).toEqual([user.email]);
    expect(mail?.subject).toBe("Your upgrade to Premium is accepted");
    expect(mail?.text).toContain(
      "your contract starts on April 1, 2026, for up to 300 trackings and 12 members",
    );
    expect(mail?.text).toContain("https://tracking.example.com/app/console/plans");

    const overview = await getPlansOverview(ctxOf(user, clock), settings);
    expect(overview).toMatchObject({
      showPlanCards: false,
      contractStatus: "WAITING_CONTRACT",
      pendingUpgrade: null,
      upcomingContract: { plan: "PREMIUM", phase: "UPCOMING", quoteNumber: "MC-2026-0042" },
    });
    // The API page says when the API becomes available instead of asking to upgrade.
    expect(await getApiApplication(ctxOf(user, clock))).toMatchObject({
      plan: "FREE",
      availableNow: false,
      canApply: true,
      availableFrom: { plan: "PREMIUM", startsAt: "2026-04-01T00:00:00.000Z" },
      application: { status: "SUBMITTED" },
    });
  });

  it("becomes current on its start date by the daily job, and the viewer and limits agree", async () => {
    const clock = new TestClock(START);
    const { company, user, requestId } = await submitted(clock);
    await acceptUpgradeRequest(provider(clock), review, requestId, { ...quoted, plan: "STANDARD" });
    clock.set("2026-04-01T00:00:00Z");
    const result = await runTrialLifecycle(contextFor(t.db, { kind: "system", reason: "test" }, { clock }));
    expect(result.activated).toContain(company.id);
    expect(await viewerCompany(ctxOf(user, clock))).toMatchObject({
      plan: "STANDARD",
      contractStatus: "ACTIVE",
    });
    expect(await getPlansOverview(ctxOf(user, clock), settings)).toMatchObject({
      plan: "STANDARD",
      maxTrackings: 300,
      maxMembers: 12,
    });
  });

  it("creates exactly one contract when accepted twice at once", async () => {
    const clock = new TestClock(START);
    const { company, requestId } = await submitted(clock);
    const results = await Promise.allSettled([
      acceptUpgradeRequest(provider(clock), review, requestId, quoted),
      acceptUpgradeRequest(provider(clock), review, requestId, quoted),
      acceptUpgradeRequest(provider(clock), review, requestId, quoted),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected")).toEqual([
      expect.objectContaining({ reason: expect.objectContaining({ code: "UPGRADE_REQUEST_DECIDED" }) }),
      expect.objectContaining({ reason: expect.objectContaining({ code: "UPGRADE_REQUEST_DECIDED" }) }),
    ]);
    const paid = (await t.db.select().from(contracts).where(eq(contracts.companyId, company.id))).filter(
      (c) => c.plan !== "FREE",
    );
    expect(paid).toHaveLength(1);
    expect(await decisionMail(company.id, "plans.accepted")).toHaveLength(1);
  });

  it("accepts or refuses, never both, when the two arrive at once", async () => {
    const clock = new TestClock(START);
    const { company, requestId } = await submitted(clock);
    const results = await Promise.allSettled([
      acceptUpgradeRequest(provider(clock), review, requestId, quoted),
      refuseUpgradeRequest(provider(clock), review, requestId, { reason: "No quote on record." }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [request] = await t.db.select().from(upgradeRequests).where(eq(upgradeRequests.id, requestId));
    const paid = (await t.db.select().from(contracts).where(eq(contracts.companyId, company.id))).filter(
      (c) => c.plan !== "FREE",
    );
    expect(paid).toHaveLength(request?.status === "ACCEPTED" ? 1 : 0);
  });

  it("refuses a start that is not in the future, a card request, an unknown id, and anyone but the provider", async () => {
    const clock = new TestClock(START);
    const { user, requestId } = await submitted(clock);
    await expect(
      acceptUpgradeRequest(provider(clock), review, requestId, { ...quoted, startsAt: "2026-03-10" }),
    ).rejects.toMatchObject({ code: "UPGRADE_CONTRACT_START_PAST" });
    await expect(
      acceptUpgradeRequest(provider(clock), review, "7b1e3f0c-0000-4000-8000-000000000000", quoted),
    ).rejects.toMatchObject({ code: "UPGRADE_REQUEST_NOT_FOUND" });
    await expect(acceptUpgradeRequest(ctxOf(user, clock), review, requestId, quoted)).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    const card = await submitted(clock, { paymentMethod: "CARD" });
    await expect(acceptUpgradeRequest(provider(clock), review, card.requestId, quoted)).rejects.toMatchObject(
      {
        code: "UPGRADE_REQUEST_CARD",
      },
    );
  });
});

describe("refusing an upgrade request", () => {
  it("tells each Admin why in their own language and offers the plan cards again", async () => {
    const clock = new TestClock(START);
    const { company, user, f, requestId } = await submitted(clock);
    const jaAdmin = await f.user({ companyId: company.id, role: "ADMIN", language: "ja" });
    const decision = await refuseUpgradeRequest(provider(clock), review, requestId, {
      reason: "The quote MC-2026-0042 has expired.",
    });
    expect(decision).toMatchObject({
      status: "REJECTED",
      contractStatus: "IN_TRIAL",
      contract: null,
      mailed: 2,
    });
    const [request] = await t.db.select().from(upgradeRequests).where(eq(upgradeRequests.id, requestId));
    expect(request).toMatchObject({
      status: "REJECTED",
      refusalReason: "The quote MC-2026-0042 has expired.",
    });

    const mails = await decisionMail(company.id, "plans.refused");
    const en = mails.find((m) => m.to[0] === user.email);
    const ja = mails.find((m) => m.to[0] === jaAdmin.email);
    expect(en?.subject).toBe("About your upgrade request to Enterprise");
    expect(en?.text).toContain("Reason: The quote MC-2026-0042 has expired.");
    expect(en?.text).toContain("sales@provider.example");
    expect(ja?.subject).toBe("エンタープライズへのアップグレードのお申し込みについて");
    expect(ja?.text).toContain("理由：The quote MC-2026-0042 has expired.");
    expect(ja?.text).toContain("https://tracking.example.com/app/console/plans");

    const overview = await getPlansOverview(ctxOf(user, clock), settings);
    expect(overview).toMatchObject({
      showPlanCards: true,
      pendingUpgrade: null,
      refusedUpgrade: { id: requestId, plan: "ENTERPRISE", reason: "The quote MC-2026-0042 has expired." },
    });
    // A new request may be sent after a refusal.
    await expect(submitUpgradeRequest(ctxOf(user, clock), settings, input())).resolves.toMatchObject({
      contractStatus: "IN_TRIAL",
    });
    const [stored] = await t.db.select().from(companies).where(eq(companies.id, company.id));
    expect(stored?.contractStatus).toBe("IN_TRIAL");
  });

  it("needs a reason, and refuses a decided request", async () => {
    const clock = new TestClock(START);
    const { requestId } = await submitted(clock);
    await expect(
      refuseUpgradeRequest(provider(clock), review, requestId, { reason: "  " }),
    ).rejects.toThrow();
    await acceptUpgradeRequest(provider(clock), review, requestId, quoted);
    await expect(
      refuseUpgradeRequest(provider(clock), review, requestId, { reason: "Too late." }),
    ).rejects.toMatchObject({ code: "UPGRADE_REQUEST_DECIDED", params: { status: "ACCEPTED" } });
  });
});
