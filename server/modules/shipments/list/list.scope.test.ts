import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contextFor } from "../../../../tests/setup/context";
import { setupDatabase } from "../../../../tests/setup/db";
import { companies } from "../../../db/schema";
import { listShipments, listShipmentsForCalendar } from "./list.service";
import { listInput, listWorld } from "./list.testkit";

// Which shipments a list call covers: the member's team, or the headquarters view; never another
// company's rows.

const NOW = new Date("2026-01-15T00:00:00Z");
const t = setupDatabase(NOW);
const world = () => listWorld(t.f);

describe("scoping", () => {
  it("a member sees their team; another team of the company or of another company is not found", async () => {
    const w = await world();
    await t.f.shipment(w.teamA);
    const ctx = contextFor(t.db, w.operator);
    expect((await listShipments(ctx, listInput(w.teamA.id))).pagination.total).toBe(1);
    await expect(listShipments(ctx, listInput(w.teamB.id))).rejects.toMatchObject({ code: "TEAM_NOT_FOUND" });
    await expect(listShipments(ctx, listInput(w.foreign.team.id))).rejects.toMatchObject({
      code: "TEAM_NOT_FOUND",
    });
    const foreignAdmin = contextFor(t.db, w.foreign.user);
    await expect(listShipments(foreignAdmin, listInput(w.teamA.id))).rejects.toMatchObject({
      code: "TEAM_NOT_FOUND",
    });
  });

  it("headquarters lists every team of the company with the team's name, never another company's rows", async () => {
    const w = await world();
    const a = await t.f.shipment(w.teamA, { title: "same title" });
    const b = await t.f.shipment(w.teamB, { title: "same title" });
    await t.f.shipment(w.foreign.team, { title: "same title" });
    for (const who of [w.admin, w.manager]) {
      const ctx = contextFor(t.db, who);
      const { items, pagination } = await listShipments(
        ctx,
        listInput(null, { fullTextQuery: "same title" }),
      );
      expect(pagination.total).toBe(2);
      expect(items.map((i) => [i.id, i.teamName]).sort()).toEqual(
        [
          [a.id, "Tokyo desk"],
          [b.id, "Osaka desk"],
        ].sort(),
      );
      const calendar = await listShipmentsForCalendar(ctx, { teamId: null, tab: "ALL" });
      expect(calendar.id.sort()).toEqual([a.id, b.id].sort());
    }
  });

  it("headquarters is refused to Operators, below PREMIUM, and when the company has not switched it on", async () => {
    const w = await world();
    await expect(listShipments(contextFor(t.db, w.operator), listInput(null))).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    await t.db.update(companies).set({ isHeadquarterEnabled: false }).where(eq(companies.id, w.company.id));
    await expect(listShipments(contextFor(t.db, w.admin), listInput(null))).rejects.toMatchObject({
      code: "TEAM_NOT_FOUND",
    });
    const standard = await t.f.companyWith("ADMIN", { company: { isHeadquarterEnabled: true } });
    await t.f.contract(standard.company.id, { plan: "STANDARD", startsAt: new Date(NOW.getTime() - 1000) });
    await expect(listShipments(contextFor(t.db, standard.user), listInput(null))).rejects.toMatchObject({
      code: "UPGRADE_REQUIRED",
    });
  });
});
