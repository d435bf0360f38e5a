import { describe, expect, it } from "vitest";
import { FILTER_SUGGESTIONS_CAP } from "../../../../shared/constants";
import { contextFor } from "../../../../tests/setup/context";
import { setupDatabase } from "../../../../tests/setup/db";
import { giveHistory } from "./list.testkit";
import { searchSuggestions } from "./search-suggestion.service";

const t = setupDatabase();

async function world() {
  const { company, team, user } = await t.f.companyWith("OPERATOR");
  const other = await t.f.team(company.id);
  const foreign = await t.f.companyWith("ADMIN");
  return { company, team, user, other, foreign };
}

describe("filter suggestions", () => {
  it("are the distinct values of the viewer's team, filtered by the typed text, sorted", async () => {
    const w = await world();
    await giveHistory(t.db, await t.f.shipment(w.team, { title: "Kobe parts" }), {
      loadingPort: ["JPUKB", "Kobe"],
    });
    await giveHistory(t.db, await t.f.shipment(w.team, { title: "Osaka parts" }), {
      loadingPort: ["JPOSA", null],
    });
    await giveHistory(t.db, await t.f.shipment(w.team, { title: "Kobe parts" }), {
      loadingPort: ["JPUKB", "Kobe"],
    });
    await t.f.shipment(w.other, { title: "Other team parts" });
    await t.f.shipment(w.foreign.team, { title: "Foreign parts" });
    const ctx = contextFor(t.db, w.user);
    const ask = (field: "title" | "loadingPort", query: string) =>
      searchSuggestions(ctx, { field, query, teamId: w.team.id });
    expect(await ask("title", "")).toEqual([
      { value: "Kobe parts", label: "Kobe parts" },
      { value: "Osaka parts", label: "Osaka parts" },
    ]);
    expect(await ask("title", "OSA")).toEqual([{ value: "Osaka parts", label: "Osaka parts" }]);
    expect(await ask("loadingPort", "")).toEqual([
      { value: "JPOSA", label: "JPOSA" },
      { value: "Kobe", label: "Kobe" },
    ]);
  });

  it(`are capped at ${FILTER_SUGGESTIONS_CAP}`, async () => {
    const w = await world();
    for (let i = 0; i < FILTER_SUGGESTIONS_CAP + 5; i += 1) {
      await t.f.shipment(w.team, { customField1: `PO-${String(i).padStart(3, "0")}` });
    }
    const out = await searchSuggestions(contextFor(t.db, w.user), {
      field: "customField1",
      query: "po-",
      teamId: w.team.id,
    });
    expect(out).toHaveLength(FILTER_SUGGESTIONS_CAP);
    expect(out[0]).toEqual({ value: "PO-000", label: "PO-000" });
  });

  it("offer the fixed lists for enums, translated, and owners by nickname with their id", async () => {
    const w = await world();
    await t.f.shipment(w.team, { ownerUserId: w.user.id });
    const ctx = contextFor(t.db, w.user, { lang: "ja" });
    expect(await searchSuggestions(ctx, { field: "shippingLine", query: "cma", teamId: w.team.id })).toEqual([
      { value: "CMACGM", label: "CMA CGM" },
    ]);
    expect(
      await searchSuggestions(ctx, { field: "trackingType", query: "", teamId: w.team.id }),
    ).toHaveLength(3);
    expect(await searchSuggestions(ctx, { field: "owner", query: "", teamId: w.team.id })).toEqual([
      { value: w.user.id, label: w.user.nickname },
    ]);
    expect(await searchSuggestions(ctx, { field: "isFailing", query: "", teamId: w.team.id })).toEqual([
      { value: "true", label: "はい" },
      { value: "false", label: "いいえ" },
    ]);
  });

  it("list container numbers, and nothing for dates", async () => {
    const w = await world();
    await giveHistory(t.db, await t.f.shipment(w.team), { containers: ["MSCU1111113", "TGHU2222220"] });
    const ctx = contextFor(t.db, w.user);
    expect(
      await searchSuggestions(ctx, { field: "containerNumber", query: "tghu", teamId: w.team.id }),
    ).toEqual([{ value: "TGHU2222220", label: "TGHU2222220" }]);
    expect(await searchSuggestions(ctx, { field: "arrivalTime", query: "", teamId: w.team.id })).toEqual([]);
  });

  it("refuse a team the member does not see, and another company's team", async () => {
    const w = await world();
    const ctx = contextFor(t.db, w.user);
    for (const teamId of [w.other.id, w.foreign.team.id]) {
      await expect(searchSuggestions(ctx, { field: "title", query: "", teamId })).rejects.toMatchObject({
        code: "TEAM_NOT_FOUND",
      });
    }
  });
});
