import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { companies, contracts, type User, users } from "../../server/db/schema";
import type { Role } from "../../shared/enums";
import { factories } from "../factories";
import { createTestApp, type TestApp } from "../setup/app";
import { Client, STRONG_PASSWORD, signInAs as signIn, signUp, signUpVerified } from "./auth-client";

// The console's own-account calls over tRPC (account.viewer/update/delete) and the REST
// POST /auth/delete_account, through the app as the browser reaches them.

const clock = new TestClock("2026-06-10T12:00:00Z");
let t: TestApp;
let ipSeq = 0;
const client = (lang?: "en" | "ja") => {
  ipSeq += 1;
  return new Client(t.app, { ip: `127.3.0.${ipSeq}`, lang });
};
const f = () => factories(t.database.db, clock.now());
const verifiedUser = () => signUpVerified(client(), t.database.db);
const signInAs = (user: User) => signIn(client(), t.database.db, user);

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe("account.viewer", () => {
  it("refuses a visitor", async () => {
    const res = await client().query("account.viewer");
    expect(res.status).toBe(401);
    expect(res.error?.data.appCode).toBe("UNAUTHENTICATED");
  });

  it("describes a new, unverified account without a company", async () => {
    const browser = client("ja");
    const { email } = await signUp(browser, undefined, "Taro");
    const { status, data } = await browser.query("account.viewer");
    expect(status).toBe(200);
    expect(data).toEqual({
      account: {
        id: expect.any(String),
        email,
        nickname: "Taro",
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
        language: "ja",
        isEmailVerified: false,
        isMultiFactorEnabled: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      // Signed up without company details (an API client, not the console's form): none pending.
      pendingCompany: null,
      session: { isMultiFactorVerified: false },
      role: null,
      company: null,
      teams: [],
    });
  });

  it("lists the user's teams that are not archived", async () => {
    const { company, team, user } = await f().companyWith("MANAGER");
    const archived = await f().team(company.id, { isArchived: true });
    await f().teamMember(archived, user);
    const browser = await signInAs(user);
    const { data } = await browser.query("account.viewer");
    expect(data.role).toBe("MANAGER");
    expect(data.teams).toEqual([{ id: team.id, name: team.name }]);
  });
});

describe("account.update", () => {
  it("changes the nickname (trimmed) and the language", async () => {
    const { browser } = await verifiedUser();
    const res = await browser.mutate("account.update", { nickname: "  New Name ", language: "ja" });
    expect(res.data).toEqual({ nickname: "New Name", language: "ja" });
    const { data } = await browser.query("account.viewer");
    expect(data.account).toMatchObject({ nickname: "New Name", language: "ja" });
  });

  it("refuses a blank nickname and an unknown language", async () => {
    const { browser } = await verifiedUser();
    const blank = await browser.mutate("account.update", { nickname: "   " });
    expect(blank.status).toBe(400);
    expect(blank.error?.data.issues?.[0]?.message).toBe("validation.required");
    expect((await browser.mutate("account.update", { language: "fr" })).status).toBe(400);
    expect((await client().mutate("account.update", { nickname: "x" })).status).toBe(401);
  });
});

describe("account deletion", () => {
  async function member(role: Role, companyId: string) {
    return f().user({ companyId, role });
  }

  it("needs the confirmation ('Please check the above.')", async () => {
    const { browser } = await verifiedUser();
    const trpc = await browser.mutate("account.delete", { confirm: false });
    expect(trpc.status).toBe(400);
    expect(trpc.error?.data.issues?.[0]?.message).toBe("validation.checkTheAbove");
    const rest = await browser.post("/auth/delete_account", {});
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({
      error: true,
      code: "CONFIRMATION_REQUIRED",
      message: "Please check the above.",
    });
    expect((await browser.get("/auth/me")).statusCode).toBe(200);
  });

  it("deletes the account and its sessions, and the REST route clears the cookie", async () => {
    const { browser, email } = await verifiedUser();
    const other = client();
    await other.post("/auth/signin", { email, password: STRONG_PASSWORD });
    const res = await browser.post("/auth/delete_account", { confirm: true });
    expect(res.statusCode).toBe(200);
    expect(browser.cookie).toBeUndefined();
    expect((await other.get("/auth/me")).statusCode).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await client().post("/auth/signin", { email, password: STRONG_PASSWORD })).statusCode).toBe(401);
  });

  it("refuses the last Admin of a company that has other members", async () => {
    const { company, user } = await f().companyWith("ADMIN");
    await member("OPERATOR", company.id);
    const browser = await signInAs(user);
    const res = await browser.mutate("account.delete", { confirm: true });
    expect(res.status).toBe(409);
    expect(res.error?.data.appCode).toBe("LAST_ADMIN_CANNOT_DELETE_ACCOUNT");
    expect(res.error?.message).toBe(
      "You are the only administrator of your company. Make another member an administrator before deleting your account.",
    );
    await member("ADMIN", company.id);
    expect((await browser.mutate("account.delete", { confirm: true })).status).toBe(200);
    expect(await t.database.db.select().from(companies).where(eq(companies.id, company.id))).toHaveLength(1);
  });

  it("lets a non-Admin member go and keeps the company", async () => {
    const { company, user } = await f().companyWith("OPERATOR");
    await member("ADMIN", company.id);
    expect((await (await signInAs(user)).mutate("account.delete", { confirm: true })).status).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await t.database.db.select().from(companies).where(eq(companies.id, company.id))).toHaveLength(1);
  });

  it("takes a FREE company along with its only member, but not a paying one", async () => {
    const free = await f().companyWith("ADMIN");
    expect((await (await signInAs(free.user)).mutate("account.delete", { confirm: true })).status).toBe(200);
    expect(await t.database.db.select().from(companies).where(eq(companies.id, free.company.id))).toEqual([]);

    const paying = await f().companyWith("ADMIN");
    await t.database.db
      .update(contracts)
      .set({ plan: "STANDARD" })
      .where(eq(contracts.companyId, paying.company.id));
    expect((await (await signInAs(paying.user)).mutate("account.delete", { confirm: true })).status).toBe(
      200,
    );
    expect(
      await t.database.db.select().from(companies).where(eq(companies.id, paying.company.id)),
    ).toHaveLength(1);
  });
});
