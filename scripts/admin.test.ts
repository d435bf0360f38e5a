import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../server/core/clock";
import {
  apiApplicationRequests,
  auditLogs,
  companies,
  contracts,
  outboundEmails,
  upgradeRequests,
  users,
} from "../server/db/schema";
import { submitUpgradeRequest } from "../server/modules/plans/upgrade.service";
import { factories } from "../tests/factories";
import { contextFor } from "../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../tests/setup/db";
import { runAdmin } from "./admin";
import { DEMO_SIGN_IN, seedDemoIfEmpty } from "./demo-seed";

let t: TestDatabase;
const previousUrl = process.env.DATABASE_URL;
const previousAppUrl = process.env.APP_URL;
const APP_URL = "https://tracking.example.com";

beforeAll(async () => {
  t = await freshDatabase();
  process.env.DATABASE_URL = t.url;
  process.env.APP_URL = APP_URL;
  await seedDemoIfEmpty(t.db, new TestClock("2026-11-01T00:00:00Z"));
});
afterAll(async () => {
  process.env.DATABASE_URL = previousUrl;
  if (previousAppUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = previousAppUrl;
  await t.close();
});

async function admin(...args: string[]) {
  const lines: string[] = [];
  const code = await runAdmin(args, (l) => lines.push(l));
  return { code, output: lines.join("\n") };
}

describe("admin CLI", () => {
  it("lists companies with their state, plan and counts", async () => {
    const { code, output } = await admin("list-companies", "--json");
    expect(code).toBe(0);
    const [row] = JSON.parse(output);
    expect(row).toMatchObject({
      companyName: "Demo Logistics",
      approvalState: "APPROVED",
      members: 1,
      shipments: 4,
      adminEmail: DEMO_SIGN_IN.email,
    });
  });

  it("approves a company named by a user's e-mail, any case, and records the provider's action", async () => {
    const [company] = await t.db.select().from(companies);
    await t.db
      .update(companies)
      .set({ approvalState: "PENDING", approvedAt: null })
      .where(eq(companies.id, company!.id));
    const { code, output } = await admin("approve-company", "ADMIN@demo.example");
    expect(code).toBe(0);
    expect(output).toContain("Approved Demo Logistics");
    const [after] = await t.db.select().from(companies).where(eq(companies.id, company!.id));
    expect(after?.approvalState).toBe("APPROVED");
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "company.approve"));
    expect(audit[0]?.target).toBe(`company:${company!.id}`);
    expect(audit[0]?.actor).toMatch(/^admin-cli:/);
    // The e-mail's link is the app's public address, as configured.
    const [mail] = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.template, "companyApproved"));
    expect(mail?.text).toContain(`${APP_URL}/app/console`);
  });

  it("refuses to e-mail links without APP_URL set, naming the variable, and changes nothing", async () => {
    const [company] = await t.db.select().from(companies);
    await t.db
      .update(companies)
      .set({ approvalState: "PENDING", approvedAt: null })
      .where(eq(companies.id, company!.id));
    delete process.env.APP_URL;
    try {
      const { code, output } = await admin("approve-company", DEMO_SIGN_IN.email);
      expect(code).toBe(2);
      expect(output).toMatch(/^APP_URL is not set\./);
      // Commands that send no e-mail still run without it.
      expect((await admin("list-companies", "--json")).code).toBe(0);
    } finally {
      process.env.APP_URL = APP_URL;
    }
    const [after] = await t.db.select().from(companies).where(eq(companies.id, company!.id));
    expect(after?.approvalState).toBe("PENDING");
    expect((await admin("approve-company", DEMO_SIGN_IN.email)).code).toBe(0);
  });

  it("sets a future contract: the company waits for it", async () => {
    const [company] = await t.db.select().from(companies);
    const args = [
      "--plan",
      "PREMIUM",
      "--starts",
      "2099-01-01",
      "--ends",
      "2100-01-01",
      "--max-trackings",
      "500",
      "--max-members",
      "20",
    ];
    const { code } = await admin("set-contract", company!.id, ...args);
    expect(code).toBe(0);
    const rows = await t.db.select().from(contracts).where(eq(contracts.companyId, company!.id));
    expect(rows.find((c) => c.plan === "PREMIUM")).toMatchObject({ maxTrackings: 500, maxMembers: 20 });
    const [after] = await t.db.select().from(companies).where(eq(companies.id, company!.id));
    expect(after?.contractStatus).toBe("WAITING_CONTRACT");
  });

  it("refuses bad input with the reason and the usage", async () => {
    const bad = await admin(
      "set-contract",
      DEMO_SIGN_IN.email,
      "--plan",
      "GOLD",
      "--starts",
      "2026-01-01",
      "--ends",
      "2025-01-01",
      "--max-trackings",
      "x",
      "--max-members",
      "1",
    );
    expect(bad.code).toBe(2);
    expect(bad.output).toContain("plan");
    expect(bad.output).toContain("Usage:");
    const unknown = await admin("approve-company", "nobody@nowhere.example");
    expect(unknown.code).toBe(1);
    expect(unknown.output).toBe("No company found for nobody@nowhere.example");
    expect((await admin("frobnicate")).code).toBe(2);
  });
});

describe("demo seed", () => {
  it("seeds only an empty database", async () => {
    expect(await seedDemoIfEmpty(t.db, new TestClock())).toBeNull();
    expect(await t.db.$count(companies)).toBe(1);
  });
});

describe("admin CLI: plans and features", () => {
  it("sets a company's features on and off, and refuses a value other than on or off", async () => {
    const on = await admin("set-features", DEMO_SIGN_IN.email, "--connect", "on", "--container-events", "on");
    expect(on.code).toBe(0);
    expect(on.output).toBe("Demo Logistics: connect on, api off, container events on");
    const off = await admin("set-features", DEMO_SIGN_IN.email, "--connect", "off");
    expect(off.output).toContain("connect off");
    const [company] = await t.db.select().from(companies);
    expect(company).toMatchObject({
      isConnectEnabled: false,
      isContainerEventEnabled: true,
      isApiEnabled: false,
    });
    expect((await admin("set-features", DEMO_SIGN_IN.email, "--api", "yes")).code).toBe(2);
  });

  it("lists upgrade requests with 'MC-' quotes, and approves the company's API application", async () => {
    const [company] = await t.db.select().from(companies);
    await t.db.insert(upgradeRequests).values({
      companyId: company!.id,
      plan: "STANDARD",
      companyName: "Demo Logistics",
      companyAddress: "1 Pier",
      companyTel: "1",
      personInCharge: "Demo",
      workEmail: DEMO_SIGN_IN.email,
      emailForInvoice: DEMO_SIGN_IN.email,
      quoteNumber: "Q-9",
      acceptTos: true,
      paymentMethod: "BANK_TRANSFER",
      contractPeriod: "YEARLY",
      desiredStartDate: "2027-01-01",
      maxTrackings: 100,
      maxMembers: 5,
    });
    const listed = await admin("list-upgrade-requests", "--status", "SUBMITTED", "--json");
    expect(JSON.parse(listed.output)).toEqual([
      expect.objectContaining({ quoteNumber: "MC-Q-9", plan: "STANDARD", companyName: "Demo Logistics" }),
    ]);
    await t.db.insert(apiApplicationRequests).values({ companyId: company!.id, email: DEMO_SIGN_IN.email });
    const approved = await admin("approve-api", DEMO_SIGN_IN.email);
    expect(approved.output).toBe("API enabled for Demo Logistics (1 application(s) accepted)");
    const [after] = await t.db.select().from(companies);
    expect(after?.isApiEnabled).toBe(true);
    const [application] = await t.db.select().from(apiApplicationRequests);
    expect(application?.status).toBe("ACCEPTED");
  });

  it("modifies a contract and the company's status follows (an upcoming contract moved to the past churns it)", async () => {
    const [company] = await t.db.select().from(companies);
    const rows = await t.db.select().from(contracts).where(eq(contracts.companyId, company!.id));
    const trial = rows.find((c) => c.plan === "FREE");
    const premium = rows.find((c) => c.plan === "PREMIUM");
    await admin("modify-contract", trial!.id, "--ends", "2026-01-02", "--starts", "2026-01-01");
    const moved = await admin(
      "modify-contract",
      premium!.id,
      "--starts",
      "2020-01-01",
      "--ends",
      "2021-01-01",
      "--quote",
      "MC-77",
    );
    expect(moved.code).toBe(0);
    expect(moved.output).toContain("the company is CHURN");
    const [after] = await t.db.select().from(contracts).where(eq(contracts.id, premium!.id));
    expect(after?.quoteNumber).toBe("77");
    expect((await admin("modify-contract", "not-a-contract", "--plan", "FREE")).output).toBe(
      "No contract found for not-a-contract",
    );
  });
});

describe("admin CLI: contracts and upgrade requests", () => {
  async function companyWithRequest(lang: "en" | "ja" = "en") {
    const now = new Date();
    const f = factories(t.db, now);
    const { company, user } = await f.companyWith("ADMIN");
    await t.db.update(users).set({ language: lang }).where(eq(users.id, user.id));
    const ctx = contextFor(t.db, { ...user, language: lang }, { lang });
    const { upgradeRequestId } = await submitUpgradeRequest(ctx, { salesEmail: "sales@provider.example" }, {
      plan: "ENTERPRISE",
      companyName: company.companyName,
      companyAddress: "1 Pier Road",
      companyTel: "+81 3 0000 0000",
      personInCharge: "Hana Mori",
      workEmail: user.email,
      emailForInvoice: user.email,
      quoteNumber: "MC-CLI-1",
      maxTrackings: 100000,
      maxMembers: 1000,
      desiredStartDate: "2099-01-01",
      contractPeriod: "YEARLY",
      paymentMethod: "BANK_TRANSFER",
      acceptTos: true,
      isApiEnabled: false,
    } as never);
    return { company, user, upgradeRequestId };
  }

  const acceptArgs = [
    "--plan",
    "PREMIUM",
    "--starts",
    "2099-02-01",
    "--max-trackings",
    "400",
    "--max-members",
    "15",
  ];

  it("lists a company's contracts with the ids modify-contract takes", async () => {
    const { company, user } = await companyWithRequest();
    const listed = await admin("list-contracts", user.email, "--json");
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.output);
    expect(rows).toEqual([
      expect.objectContaining({
        companyId: company.id,
        plan: "FREE",
        phase: "CURRENT",
        paymentMethod: "UNKNOWN",
      }),
    ]);
    const text = await admin("list-contracts", company.id);
    expect(text.output).toContain(rows[0].id);
    expect(text.output).toContain(company.companyName);
    const modified = await admin("modify-contract", rows[0].id, "--max-members", "7");
    expect(modified.code).toBe(0);
    const [after] = await t.db.select().from(contracts).where(eq(contracts.id, rows[0].id));
    expect(after?.maxMembers).toBe(7);
    expect((await admin("list-contracts", "nobody@nowhere.example")).output).toBe(
      "No company found for nobody@nowhere.example",
    );
  });

  it("accepts a request with the quoted terms: one upcoming contract, the company waits, its Admin is mailed", async () => {
    const { company, user, upgradeRequestId } = await companyWithRequest();
    const pending = await admin("list-upgrade-requests", "--status", "SUBMITTED", "--json");
    expect(JSON.parse(pending.output)).toContainEqual(
      expect.objectContaining({
        id: upgradeRequestId,
        plan: "ENTERPRISE",
        maxTrackings: 100000,
        status: "SUBMITTED",
      }),
    );
    // Two operators at once: exactly one contract.
    const [first, second] = await Promise.all([
      admin("accept-upgrade-request", upgradeRequestId, ...acceptArgs),
      admin("accept-upgrade-request", upgradeRequestId, ...acceptArgs),
    ]);
    expect([first.code, second.code].sort()).toEqual([0, 1]);
    const ok = first.code === 0 ? first : second;
    const refused = first.code === 0 ? second : first;
    expect(ok.output).toMatch(/^Accepted: PREMIUM for .* from 2099-02-01 \(400 trackings, 15 members\)/);
    expect(ok.output).toContain("the company is WAITING_CONTRACT");
    expect(refused.output).toBe(
      "This upgrade request was already decided (ACCEPTED). (UPGRADE_REQUEST_DECIDED)",
    );
    const paid = (await t.db.select().from(contracts).where(eq(contracts.companyId, company.id))).filter(
      (c) => c.plan !== "FREE",
    );
    expect(paid).toEqual([expect.objectContaining({ plan: "PREMIUM", maxTrackings: 400, maxMembers: 15 })]);
    const [stored] = await t.db.select().from(companies).where(eq(companies.id, company.id));
    expect(stored?.contractStatus).toBe("WAITING_CONTRACT");
    const mail = await t.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.companyId, company.id), eq(outboundEmails.template, "plans.accepted")));
    expect(mail.map((m) => m.to[0])).toEqual([user.email]);
    expect(mail[0]?.text).toContain(`${APP_URL}/app/console/plans`);
    const listed = await admin("list-contracts", company.id);
    expect(listed.output).toContain(paid[0]!.id);
    expect(listed.output).toContain("UPCOMING");
  });

  it("refuses a request with a reason, mailed in the Admin's language", async () => {
    const { company, user, upgradeRequestId } = await companyWithRequest("ja");
    const missing = await admin("refuse-upgrade-request", upgradeRequestId);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain("--reason");
    const refused = await admin(
      "refuse-upgrade-request",
      upgradeRequestId,
      "--reason",
      "見積の有効期限が切れています。",
    );
    expect(refused.code).toBe(0);
    const [request] = await t.db
      .select()
      .from(upgradeRequests)
      .where(eq(upgradeRequests.id, upgradeRequestId));
    expect(request).toMatchObject({ status: "REJECTED", refusalReason: "見積の有効期限が切れています。" });
    const [mail] = await t.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.companyId, company.id), eq(outboundEmails.template, "plans.refused")));
    expect(mail?.to).toEqual([user.email]);
    expect(mail?.subject).toBe("エンタープライズへのアップグレードのお申し込みについて");
    expect(mail?.text).toContain("理由：見積の有効期限が切れています。");
  });

  it("checks the terms and the request before accepting", async () => {
    const { upgradeRequestId } = await companyWithRequest();
    const noPlan = await admin("accept-upgrade-request", upgradeRequestId, "--starts", "2099-02-01");
    expect(noPlan.code).toBe(2);
    expect(noPlan.output).toContain("plan");
    const past = await admin(
      "accept-upgrade-request",
      upgradeRequestId,
      ...acceptArgs.slice(0, 2),
      "--starts",
      "2020-01-01",
      ...acceptArgs.slice(4),
    );
    expect(past.code).toBe(1);
    expect(past.output).toMatch(/^The contract must start in the future/);
    const unknown = await admin("accept-upgrade-request", "not-a-request", ...acceptArgs);
    expect(unknown.output).toBe("No upgrade request found for not-a-request. (UPGRADE_REQUEST_NOT_FOUND)");
    delete process.env.APP_URL;
    try {
      const noUrl = await admin("accept-upgrade-request", upgradeRequestId, ...acceptArgs);
      expect(noUrl.code).toBe(2);
      expect(noUrl.output).toContain("APP_URL");
    } finally {
      process.env.APP_URL = APP_URL;
    }
    const [request] = await t.db
      .select()
      .from(upgradeRequests)
      .where(eq(upgradeRequests.id, upgradeRequestId));
    expect(request?.status).toBe("SUBMITTED");
  });
});
