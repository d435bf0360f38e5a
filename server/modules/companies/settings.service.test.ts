import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { UpdateInvitationDomainsInput } from "../../../shared/schemas/company";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { companies, shipments, teams, users } from "../../db/schema";
import {
  deleteCompany,
  getCompanySettings,
  updateCompanySettings,
  updateInvitationDomains,
} from "./settings.service";

const t = setupDatabase();

async function premium(role: "ADMIN" | "MANAGER" = "ADMIN") {
  const made = await t.f.companyWith(role);
  await t.f.contract(made.company.id, { plan: "PREMIUM", maxMembers: 50 });
  return made;
}

describe("company settings", () => {
  it("switches headquarters on only on Premium or Enterprise", async () => {
    const free = await t.f.companyWith("ADMIN");
    await expect(
      updateCompanySettings(contextFor(t.db, free.user), { isHeadquarterEnabled: true }),
    ).rejects.toMatchObject({
      code: "HEADQUARTERS_PREMIUM_ONLY",
    });
    expect(
      await updateCompanySettings(contextFor(t.db, free.user), { allowTrackingNumDuplication: true }),
    ).toEqual({
      allowTrackingNumDuplication: true,
      isHeadquarterEnabled: false,
    });
    const paid = await premium();
    expect(
      await updateCompanySettings(contextFor(t.db, paid.user), { isHeadquarterEnabled: true }),
    ).toMatchObject({
      isHeadquarterEnabled: true,
    });
    expect((await getCompanySettings(contextFor(t.db, paid.user))).canEnableHeadquarters).toBe(true);
  });

  it("shows the settings to Managers but lets only Admins change them", async () => {
    const { user: manager } = await premium("MANAGER");
    expect((await getCompanySettings(contextFor(t.db, manager))).plan).toBe("PREMIUM");
    await expect(
      updateCompanySettings(contextFor(t.db, manager), { allowTrackingNumDuplication: true }),
    ).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
  });

  it("keeps the invitation domains: the work e-mail's plus the listed ones", async () => {
    const { user } = await t.f.companyWith("ADMIN", { company: { workEmail: "boss@main.example" } });
    const input = UpdateInvitationDomainsInput.parse({
      domains: "@Branch.example, sub.main.example\nbranch.example",
    });
    await updateInvitationDomains(contextFor(t.db, user), input);
    expect((await getCompanySettings(contextFor(t.db, user))).invitationDomains).toEqual([
      "main.example",
      "branch.example",
      "sub.main.example",
    ]);
    expect(UpdateInvitationDomainsInput.safeParse({ domains: "not a domain!" }).success).toBe(false);
  });
});

describe("deleting the company", () => {
  it("is refused on a paid plan", async () => {
    const { company, user } = await premium();
    await expect(deleteCompany(contextFor(t.db, user))).rejects.toMatchObject({
      code: "COMPANY_DELETE_FREE_ONLY",
    });
    expect(await t.db.$count(companies, eq(companies.id, company.id))).toBe(1);
  });

  it("removes all the company's data on FREE and leaves its people without a company", async () => {
    const { company, team, user } = await t.f.companyWith("ADMIN");
    const colleague = await t.f.user({ companyId: company.id, role: "OPERATOR" });
    await t.f.shipment(team);
    const other = await t.f.companyWith("ADMIN");
    const otherShipment = await t.f.shipment(other.team);
    await deleteCompany(contextFor(t.db, user));
    expect(await t.db.$count(companies, eq(companies.id, company.id))).toBe(0);
    expect(await t.db.$count(teams, eq(teams.companyId, company.id))).toBe(0);
    expect(await t.db.$count(shipments, eq(shipments.companyId, company.id))).toBe(0);
    const people = await t.db.select().from(users).where(eq(users.id, colleague.id));
    expect(people[0]).toMatchObject({ companyId: null, roleId: null });
    expect(await t.db.$count(shipments, eq(shipments.id, otherShipment.id))).toBe(1);
  });

  it("is for Admins only", async () => {
    const { user } = await t.f.companyWith("MANAGER");
    await expect(deleteCompany(contextFor(t.db, user))).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
  });
});
