import { describe, expect, it } from "vitest";
import { translate } from "../../../../shared/i18n";
import { CreateSavedSearchInput } from "../../../../shared/schemas/list";
import { contextFor } from "../../../../tests/setup/context";
import { setupDatabase } from "../../../../tests/setup/db";
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from "./saved-searches.service";

const t = setupDatabase(new Date("2026-01-15T00:00:00Z"));
const conditions = [{ field: "shippingLine", operator: "IS" as const, value: "MAERSK" }];

async function world() {
  const { company, team, user } = await t.f.companyWith("OPERATOR", {
    company: { isHeadquarterEnabled: true },
  });
  await t.f.contract(company.id, { plan: "PREMIUM", startsAt: new Date("2026-01-14T00:00:00Z") });
  const colleague = await t.f.user({ companyId: company.id, role: "OPERATOR" });
  await t.f.teamMember(team, colleague);
  const manager = await t.f.user({ companyId: company.id, role: "MANAGER" });
  await t.f.teamMember(team, manager);
  return { company, team, user, colleague, manager };
}

describe("saved search conditions", () => {
  it("are saved, listed (newest first) and deleted by their owner only", async () => {
    const w = await world();
    const ctx = contextFor(t.db, w.user);
    const first = await createSavedSearch(ctx, { teamId: w.team.id, name: " Maersk ", conditions });
    expect(first).toMatchObject({ name: "Maersk", conditions, createdAt: "2026-01-15T00:00:00.000Z" });
    const second = await createSavedSearch(ctx, {
      teamId: w.team.id,
      name: "Late",
      conditions: [{ field: "delayDays", operator: "GREATER_THAN", value: 3 }],
    });
    expect((await listSavedSearches(ctx, { teamId: w.team.id })).map((s) => s.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );

    const colleague = contextFor(t.db, w.colleague);
    expect(await listSavedSearches(colleague, { teamId: w.team.id })).toEqual([]);
    await expect(deleteSavedSearch(colleague, { id: first.id })).rejects.toMatchObject({ code: "NOT_FOUND" });

    expect(await deleteSavedSearch(ctx, { id: first.id })).toEqual({ id: first.id });
    expect((await listSavedSearches(ctx, { teamId: w.team.id })).map((s) => s.id)).toEqual([second.id]);
  });

  it("are described in both languages as they behave: kept for their owner, not for the team", () => {
    for (const lang of ["en", "ja"] as const) {
      const save = translate(lang, "shipmentList.saved.saveBody", { count: 2 });
      const remove = translate(lang, "shipmentList.saved.confirmDeleteBody", { name: "Late" });
      for (const text of [save, remove]) expect(text).not.toMatch(/everyone|全員/);
    }
    expect(translate("en", "shipmentList.saved.saveBody", { count: 1 })).toContain("Only you");
    expect(translate("ja", "shipmentList.saved.saveBody", { count: 1 })).toContain("あなただけ");
  });

  it("belong to a team, or to the headquarters view", async () => {
    const w = await world();
    const ctx = contextFor(t.db, w.manager);
    await createSavedSearch(ctx, { teamId: null, name: "Everything late", conditions });
    expect((await listSavedSearches(ctx, { teamId: null })).map((s) => s.name)).toEqual(["Everything late"]);
    expect(await listSavedSearches(ctx, { teamId: w.team.id })).toEqual([]);
    await expect(
      createSavedSearch(contextFor(t.db, w.user), { teamId: null, name: "x", conditions }),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
  });

  it("need a name that is not blank, and at least one valid condition", () => {
    const teamId = "7d0f1c1e-6a43-4f2a-9d5e-0a1b2c3d4e5f";
    const blank = CreateSavedSearchInput.safeParse({ teamId, name: "   ", conditions });
    expect(blank.error?.issues[0]?.message).toBe("validation.savedSearchNameRequired");
    expect(CreateSavedSearchInput.safeParse({ teamId, name: "x", conditions: [] }).success).toBe(false);
    const badOperator = [{ field: "remark", operator: "IS", value: "x" }];
    expect(CreateSavedSearchInput.safeParse({ teamId, name: "x", conditions: badOperator }).success).toBe(
      false,
    );
  });

  it("cannot be saved for a team of another company", async () => {
    const w = await world();
    const foreign = await t.f.companyWith("ADMIN");
    await expect(
      createSavedSearch(contextFor(t.db, foreign.user), { teamId: w.team.id, name: "x", conditions }),
    ).rejects.toMatchObject({ code: "TEAM_NOT_FOUND" });
  });
});
