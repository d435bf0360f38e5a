import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, TestClock } from "../../server/core/clock";
import { companies, contracts, type User, users } from "../../server/db/schema";
import { FREE_TRIAL_DAYS, TRIAL_CONTRACT_LIMITS } from "../../shared/constants";
import { factories } from "../factories";
import { createTestApp, type TestApp } from "../setup/app";
import { Client, signInAs as signIn, signUp, signUpVerified } from "./auth-client";

// Company creation after sign-up, Cancel Trial, and the company state the console gates read
// (account.viewer's company), over tRPC through the app.

const NOW = new Date("2026-06-10T12:00:00Z");
const clock = new TestClock(NOW);
let t: TestApp;
let ipSeq = 0;
const client = (lang?: "en" | "ja") => {
  ipSeq += 1;
  return new Client(t.app, { ip: `127.4.0.${ipSeq}`, lang });
};
const f = () => factories(t.database.db, clock.now());
const verifiedUser = () => signUpVerified(client(), t.database.db);
const signInAs = (user: User) => signIn(client(), t.database.db, user);

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function companyOf(browser: Client) {
  const { data } = await browser.query("account.viewer");
  return data.company;
}

describe("companies.create", () => {
  it("makes the verified user Admin of a pending company on a 30-day FREE trial starting now", async () => {
    const { browser, email } = await verifiedUser();
    const res = await browser.mutate("companies.create", {
      companyName: " Acme Freight ",
      companyTel: "03-1234-5678",
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      id: expect.any(String),
      companyName: "Acme Freight",
      approvalState: "PENDING",
    });

    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, res.data.id));
    expect(company).toMatchObject({
      workEmail: email,
      phoneNumber: "03-1234-5678",
      approvalState: "PENDING",
      approvedAt: null,
      contractStatus: "IN_TRIAL",
      trialStartedAt: NOW,
    });
    const rows = await t.database.db.select().from(contracts).where(eq(contracts.companyId, res.data.id));
    expect(rows).toEqual([
      expect.objectContaining({
        plan: "FREE",
        startsAt: NOW,
        endsAt: new Date(NOW.getTime() + FREE_TRIAL_DAYS * DAY_MS),
        ...TRIAL_CONTRACT_LIMITS,
      }),
    ]);

    const { data } = await browser.query("account.viewer");
    expect(data.role).toBe("ADMIN");
    expect(data.teams).toEqual([]);
    expect(data.company).toEqual({
      id: res.data.id,
      companyName: "Acme Freight",
      approvalState: "PENDING",
      isApproved: false,
      contractStatus: "IN_TRIAL",
      canAccessConsole: true,
      isChurned: false,
      plan: "FREE",
      trialEndsAt: new Date(NOW.getTime() + 30 * DAY_MS).toISOString(),
      trialDaysLeft: 30,
      hasUpcomingContract: false,
      upcomingContractStartsAt: null,
      // The trial in force, as the standing picks it; every member reads it (no quote or payment).
      currentContract: {
        id: expect.any(String),
        plan: "FREE",
        phase: "CURRENT",
        isAutoRenewing: false,
        startsAt: NOW.toISOString(),
        endsAt: new Date(NOW.getTime() + FREE_TRIAL_DAYS * DAY_MS).toISOString(),
        ...TRIAL_CONTRACT_LIMITS,
        contractPeriod: null,
      },
      upcomingContract: null,
      isHeadquarterEnabled: false,
      isConnectEnabled: false,
      isApiEnabled: false,
      isContainerEventEnabled: false,
    });
  });

  it("refuses a second company, an unverified user and a visitor", async () => {
    const { browser } = await verifiedUser();
    await browser.mutate("companies.create", { companyName: "First", companyTel: "1" });
    const again = await browser.mutate("companies.create", { companyName: "Second", companyTel: "2" });
    expect(again.status).toBe(409);
    expect(again.error?.data.appCode).toBe("COMPANY_ALREADY_EXISTS");

    const unverified = client();
    await signUp(unverified);
    const refused = await unverified.mutate("companies.create", { companyName: "X", companyTel: "1" });
    expect(refused.error?.data.appCode).toBe("EMAIL_NOT_VERIFIED");
    expect((await client().mutate("companies.create", { companyName: "X", companyTel: "1" })).status).toBe(
      401,
    );
  });

  it("makes exactly one company of two simultaneous submits", async () => {
    const { browser, email } = await verifiedUser();
    const results = await Promise.all([
      browser.mutate("companies.create", { companyName: "Twin A", companyTel: "1" }),
      browser.mutate("companies.create", { companyName: "Twin B", companyTel: "1" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const made = await t.database.db.select().from(companies).where(eq(companies.workEmail, email));
    expect(made).toHaveLength(1);
  });

  it("reports the required fields with their message keys", async () => {
    const { browser } = await verifiedUser();
    const res = await browser.mutate("companies.create", { companyName: "  ", companyTel: "" });
    expect(res.status).toBe(400);
    expect(res.error?.data.appCode).toBe("VALIDATION_FAILED");
    expect(res.error?.data.issues?.map((i) => i.message)).toEqual([
      "validation.required",
      "validation.required",
    ]);
  });
});

describe("canAccessConsole and the trial figures", () => {
  async function companyWithContracts(
    list: { plan: "FREE" | "STANDARD"; startsInDays: number; endsInDays: number }[],
  ) {
    const { company, user } = await f().companyWith("ADMIN");
    await t.database.db.delete(contracts).where(eq(contracts.companyId, company.id));
    for (const c of list) {
      await f().contract(company.id, {
        plan: c.plan,
        startsAt: new Date(NOW.getTime() + c.startsInDays * DAY_MS),
        endsAt: new Date(NOW.getTime() + c.endsInDays * DAY_MS),
      });
    }
    return signInAs(user);
  }

  it("counts trial days left in whole days, rounded up", async () => {
    const browser = await companyWithContracts([{ plan: "FREE", startsInDays: -29.5, endsInDays: 0.5 }]);
    expect(await companyOf(browser)).toMatchObject({
      canAccessConsole: true,
      plan: "FREE",
      trialDaysLeft: 1,
      trialEndsAt: new Date(NOW.getTime() + 0.5 * DAY_MS).toISOString(),
    });
  });

  it("is false when the FREE trial is over and nothing follows ('Trial Period Ended')", async () => {
    const browser = await companyWithContracts([{ plan: "FREE", startsInDays: -31, endsInDays: -1 }]);
    expect(await companyOf(browser)).toMatchObject({
      canAccessConsole: false,
      isChurned: false,
      contractStatus: "CHURN",
      plan: "FREE",
      trialDaysLeft: null,
      trialEndsAt: null,
      hasUpcomingContract: false,
    });
  });

  it("is true, churned and CHURN when a paid contract ended with nothing after it (read-only console)", async () => {
    const browser = await companyWithContracts([
      { plan: "FREE", startsInDays: -400, endsInDays: -370 },
      { plan: "STANDARD", startsInDays: -366, endsInDays: -1 },
    ]);
    expect(await companyOf(browser)).toMatchObject({
      canAccessConsole: true,
      isChurned: true,
      contractStatus: "CHURN",
      plan: "FREE",
      trialDaysLeft: null,
      hasUpcomingContract: false,
    });
  });

  it("is true when an upcoming contract follows an ended trial", async () => {
    const browser = await companyWithContracts([
      { plan: "FREE", startsInDays: -31, endsInDays: -1 },
      { plan: "STANDARD", startsInDays: 3, endsInDays: 368 },
    ]);
    expect(await companyOf(browser)).toMatchObject({
      canAccessConsole: true,
      hasUpcomingContract: true,
      upcomingContractStartsAt: new Date(NOW.getTime() + 3 * DAY_MS).toISOString(),
      trialDaysLeft: null,
    });
  });

  it("shows no trial figures on a paid plan, and names the upcoming contract during the trial", async () => {
    const paid = await companyWithContracts([{ plan: "STANDARD", startsInDays: -10, endsInDays: 355 }]);
    expect(await companyOf(paid)).toMatchObject({
      canAccessConsole: true,
      plan: "STANDARD",
      trialDaysLeft: null,
      trialEndsAt: null,
    });
    const upgrading = await companyWithContracts([
      { plan: "FREE", startsInDays: -25, endsInDays: 5 },
      { plan: "STANDARD", startsInDays: 5, endsInDays: 370 },
    ]);
    expect(await companyOf(upgrading)).toMatchObject({ trialDaysLeft: 5, hasUpcomingContract: true });
  });
});

describe("companies.cancelTrial", () => {
  it("deletes the Admin's pending company and leaves the user without one", async () => {
    const { browser } = await verifiedUser();
    const created = await browser.mutate("companies.create", { companyName: "Short Lived", companyTel: "1" });
    const res = await browser.mutate("companies.cancelTrial");
    expect(res.status).toBe(200);
    const { data } = await browser.query("account.viewer");
    expect(data.company).toBeNull();
    expect(data.role).toBeNull();
    expect(await t.database.db.select().from(companies).where(eq(companies.id, created.data.id))).toEqual([]);
    expect(
      await t.database.db.select().from(contracts).where(eq(contracts.companyId, created.data.id)),
    ).toEqual([]);
    // Free to start over.
    const again = await browser.mutate("companies.create", { companyName: "Second Try", companyTel: "1" });
    expect(again.status).toBe(200);
  });

  it("refuses once the company is approved, and to anyone but its Admin", async () => {
    const approved = await f().companyWith("ADMIN");
    const res = await (await signInAs(approved.user)).mutate("companies.cancelTrial");
    expect(res.status).toBe(409);
    expect(res.error?.data.appCode).toBe("TRIAL_CANCEL_NOT_ALLOWED");

    const pending = await f().companyWith("OPERATOR", {
      company: { approvalState: "PENDING", approvedAt: null },
    });
    const denied = await (await signInAs(pending.user)).mutate("companies.cancelTrial");
    expect(denied.error?.data.appCode).toBe("PERMISSION_DENIED");
    expect(
      await t.database.db.select().from(companies).where(eq(companies.id, pending.company.id)),
    ).toHaveLength(1);
  });
});

describe("the company typed at sign-up (pending registration)", () => {
  it("is kept with the account for any device to create, and forgotten once created", async () => {
    const browser = client();
    const email = `pending-${ipSeq}@example.com`;
    const res = await browser.post("/auth/signup", {
      displayName: "Pending Owner",
      email,
      password: "Correct-Horse-42",
      companyName: " Sendai Shipping ",
      companyTel: "022-000-0000",
    });
    expect(res.statusCode).toBe(200);
    // Another device: a session of its own, nothing shared with the first but the account.
    const [account] = await t.database.db.select().from(users).where(eq(users.email, email));
    if (!account) throw new Error("no account made");
    const phone = await signIn(client(), t.database.db, account);
    const viewer = await phone.query("account.viewer");
    expect(viewer.data.pendingCompany).toEqual({
      companyName: "Sendai Shipping",
      companyTel: "022-000-0000",
    });

    await t.database.db.update(users).set({ isEmailVerified: true }).where(eq(users.email, email));
    const created = await phone.mutate("companies.create", viewer.data.pendingCompany);
    expect(created.data).toMatchObject({ companyName: "Sendai Shipping" });
    const after = await phone.query("account.viewer");
    expect(after.data.pendingCompany).toBeNull();
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ pendingCompanyName: null, pendingCompanyTel: null });
  });
});
