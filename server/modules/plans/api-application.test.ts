import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { Client, signInAs } from "../../../tests/rest/auth-client";
import { createTestApp, type TestApp } from "../../../tests/setup/app";
import { contextFor } from "../../../tests/setup/context";
import { authorize, currentContractLimits } from "../../core/authz";
import { TestClock } from "../../core/clock";
import { apiApplicationRequests, formSubmissions, outboundEmails, type User } from "../../db/schema";
import { viewerCompany } from "../companies/viewer.service";

// The API application (POST /inquiry, spec 02 §2, §7) and the plan in force everywhere: the same
// plan and limits for authorization, the limits and the viewer.

const NOW = new Date("2026-07-01T08:00:00Z");
const clock = new TestClock(NOW);
let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { SALES_EMAIL: "sales@provider.example" } });
});
afterAll(() => t.close());

const f = () => factories(t.database.db, clock.now());
const browserFor = (user: User) => {
  ip += 1;
  return signInAs(new Client(t.app, { ip: `127.9.0.${ip}` }), t.database.db, user);
};

async function companyOn(plan: "FREE" | "STANDARD") {
  const made = await f().companyWith("ADMIN");
  if (plan !== "FREE") {
    await f().contract(made.company.id, {
      plan,
      startsAt: new Date(NOW.getTime() - 1000),
      endsAt: new Date("9999-12-31T00:00:00Z"),
      maxTrackings: 250,
      maxMembers: 15,
    });
  }
  return made;
}

describe("POST /inquiry", () => {
  it("asks a FREE company to upgrade first", async () => {
    const { user, team } = await companyOn("FREE");
    const browser = await browserFor(user);
    const state = await browser.query("plans.apiApplication");
    expect(state.data).toMatchObject({ plan: "FREE", canApply: false, application: null });
    const res = await browser.post("/inquiry", {
      type: "API",
      teamId: team.id,
      accountId: user.id,
      email: user.email,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "UPGRADE_REQUIRED",
      message: "To use this feature, please upgrade.",
    });
  });

  it("records the application once, posts it to the form service, mails sales, then shows the thank-you state", async () => {
    const { company, user, team } = await companyOn("STANDARD");
    const browser = await browserFor(user);
    const body = { type: "API", teamId: team.id, accountId: user.id, email: user.email };
    const res = await browser.post("/inquiry", body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      plan: "STANDARD",
      canApply: true,
      isApiEnabled: false,
      application: { status: "SUBMITTED", appliedAt: NOW.toISOString() },
    });
    expect((await browser.post("/inquiry", body)).statusCode).toBe(200);
    const db = t.database.db;
    expect(
      await db.select().from(apiApplicationRequests).where(eq(apiApplicationRequests.companyId, company.id)),
    ).toHaveLength(1);
    const forms = await db.select().from(formSubmissions).where(eq(formSubmissions.companyId, company.id));
    expect(forms).toEqual([expect.objectContaining({ type: "API", payload: body })]);
    const mail = await db.select().from(outboundEmails).where(eq(outboundEmails.companyId, company.id));
    expect(mail.map((m) => m.to[0])).toEqual(["sales@provider.example"]);
  });

  it("refuses an application in another person's name, a foreign team, and non-Admins", async () => {
    const { company, user, team } = await companyOn("STANDARD");
    const other = await companyOn("STANDARD");
    const browser = await browserFor(user);
    const as = (accountId: string, teamId: string) =>
      browser.post("/inquiry", { type: "API", teamId, accountId, email: user.email });
    expect((await as(other.user.id, team.id)).json()).toMatchObject({ code: "PERMISSION_DENIED" });
    expect((await as(user.id, other.team.id)).json()).toMatchObject({ code: "TEAM_NOT_FOUND" });
    const manager = await f().user({ companyId: company.id, role: "MANAGER" });
    const managerBrowser = await browserFor(manager);
    const res = await managerBrowser.post("/inquiry", {
      type: "API",
      teamId: team.id,
      accountId: manager.id,
      email: manager.email,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "PERMISSION_DENIED" });
    expect(
      await t.database.db
        .select()
        .from(apiApplicationRequests)
        .where(eq(apiApplicationRequests.companyId, company.id)),
    ).toEqual([]);
  });

  it("with a paid contract waiting to start, says when the API becomes available and takes the application", async () => {
    const { company, user, team } = await companyOn("FREE");
    const startsAt = new Date("2026-08-01T00:00:00Z");
    await f().contract(company.id, {
      plan: "PREMIUM",
      startsAt,
      endsAt: new Date("9999-12-31T00:00:00Z"),
      maxTrackings: 300,
      maxMembers: 12,
    });
    const browser = await browserFor(user);
    const before = await browser.query("plans.apiApplication");
    expect(before.data).toMatchObject({
      plan: "FREE",
      availableNow: false,
      canApply: true,
      availableFrom: { plan: "PREMIUM", startsAt: startsAt.toISOString() },
      application: null,
    });
    const res = await browser.post("/inquiry", {
      type: "API",
      teamId: team.id,
      accountId: user.id,
      email: user.email,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ application: { status: "SUBMITTED" }, availableNow: false });
  });

  it("is refused without a session", async () => {
    const { user } = await companyOn("STANDARD");
    const res = await new Client(t.app).post("/inquiry", {
      type: "API",
      accountId: user.id,
      email: user.email,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("one effective plan everywhere", () => {
  it("a paid contract set during the trial is the plan shown, enforced and limiting", async () => {
    const { user } = await f().companyWith("ADMIN");
    await f().contract(user.companyId ?? "", {
      plan: "PREMIUM",
      startsAt: new Date(NOW.getTime() - 60_000),
      endsAt: new Date(NOW.getTime() + 365 * 24 * 3600 * 1000),
      maxTrackings: 900,
      maxMembers: 40,
    });
    const ctx = contextFor(t.database.db, user, { clock });
    expect(await viewerCompany(ctx)).toMatchObject({
      plan: "PREMIUM",
      contractStatus: "ACTIVE",
      trialDaysLeft: null,
    });
    expect(await currentContractLimits(ctx, user.companyId ?? "")).toEqual({
      plan: "PREMIUM",
      maxTrackings: 900,
      maxMembers: 40,
    });
    await expect(authorize(ctx, "headquarters.view")).resolves.toMatchObject({ userId: user.id });
  });

  it("a trial company is refused Premium features and holds the trial's limits", async () => {
    const { user } = await f().companyWith("ADMIN");
    const ctx = contextFor(t.database.db, user, { clock });
    await expect(authorize(ctx, "headquarters.view")).rejects.toMatchObject({ code: "UPGRADE_REQUIRED" });
    expect(await currentContractLimits(ctx, user.companyId ?? "")).toEqual({
      plan: "FREE",
      maxTrackings: 100,
      maxMembers: 5,
    });
  });
});
