import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../server/core/clock";
import {
  apiApplicationRequests,
  auditLogs,
  companies,
  contracts,
  upgradeRequests,
} from "../server/db/schema";
import { freshDatabase, type TestDatabase } from "../tests/setup/db";
import { runAdmin } from "./admin";
import { DEMO_SIGN_IN, seedDemoIfEmpty } from "./demo-seed";

let t: TestDatabase;
const previousUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  t = await freshDatabase();
  process.env.DATABASE_URL = t.url;
  await seedDemoIfEmpty(t.db, new TestClock("2026-11-01T00:00:00Z"));
});
afterAll(async () => {
  process.env.DATABASE_URL = previousUrl;
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
