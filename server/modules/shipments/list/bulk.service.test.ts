import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SHIPMENT_ACTIVITY } from "../../../../shared/activities";
import type { Plan } from "../../../../shared/enums";
import { contextFor } from "../../../../tests/setup/context";
import { setupDatabase } from "../../../../tests/setup/db";
import { activities, comments, shipmentHistories, shipments, subscriptions } from "../../../db/schema";
import { bulkArchive, bulkDelete, bulkMove, bulkSubscribe, bulkUnsubscribe } from "./bulk.service";

// Bulk operations: every selected shipment is checked (role and plan for the action, then the
// shipment's company and team); the ones that fail are skipped and counted.

const NOW = new Date("2026-01-15T00:00:00Z");
const t = setupDatabase(NOW);
const MISSING = "7d0f1c1e-6a43-4f2a-9d5e-0a1b2c3d4e5f";

async function world(plan: Plan = "PREMIUM") {
  const f = t.f;
  const company = await f.company();
  await f.contract(company.id, { plan, maxTrackings: 1000 });
  const team = await f.team(company.id, { name: "Tokyo" });
  const other = await f.team(company.id, { name: "Osaka" });
  const archivedTeam = await f.team(company.id, { name: "Old", isArchived: true });
  const users = {
    ADMIN: await f.user({ companyId: company.id, role: "ADMIN" }),
    MANAGER: await f.user({ companyId: company.id, role: "MANAGER" }),
    OPERATOR: await f.user({ companyId: company.id, role: "OPERATOR" }),
    READONLY: await f.user({ companyId: company.id, role: "READONLY" }),
  };
  for (const u of Object.values(users)) await f.teamMember(team, u);
  await f.teamMember(other, users.MANAGER);
  const mine = [await f.shipment(team), await f.shipment(team), await f.shipment(team)];
  const otherTeams = await f.shipment(other);
  const foreign = await f.companyWith("ADMIN");
  const foreigns = await f.shipment(foreign.team);
  const selection = [...mine.map((s) => s.id), otherTeams.id, foreigns.id, MISSING];
  return { company, team, other, archivedTeam, users, mine, otherTeams, foreign, foreigns, selection };
}

const rowsOf = (ids: string[]) => t.db.select().from(shipments).where(inArray(shipments.id, ids));

describe("bulk archive", () => {
  it("archives what the Operator sees and counts the rest (another team, another company, gone) as failed", async () => {
    const w = await world();
    const out = await bulkArchive(contextFor(t.db, w.users.OPERATOR), { shipmentIds: w.selection });
    expect(out).toEqual({ succeeded: 3, failed: 3 });
    expect((await rowsOf(w.mine.map((s) => s.id))).every((s) => s.isArchived)).toBe(true);
    expect((await rowsOf([w.otherTeams.id, w.foreigns.id])).some((s) => s.isArchived)).toBe(false);
    const logged = await t.db
      .select()
      .from(activities)
      .where(
        and(eq(activities.kind, SHIPMENT_ACTIVITY.archived), eq(activities.actorUserId, w.users.OPERATOR.id)),
      );
    expect(logged).toHaveLength(3);
  });

  it("an Admin reaches every team of the company, never another company", async () => {
    const w = await world();
    expect(await bulkArchive(contextFor(t.db, w.users.ADMIN), { shipmentIds: w.selection })).toEqual({
      succeeded: 4,
      failed: 2,
    });
  });

  it("is refused to Readonly", async () => {
    const w = await world();
    await expect(
      bulkArchive(contextFor(t.db, w.users.READONLY), { shipmentIds: w.selection }),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
  });

  it("run twice at once, archives each shipment once (rows locked, one activity each)", async () => {
    const w = await world();
    const ids = w.mine.map((s) => s.id);
    const ctx = contextFor(t.db, w.users.OPERATOR);
    const results = await Promise.all([
      bulkArchive(ctx, { shipmentIds: ids }),
      bulkArchive(ctx, { shipmentIds: ids }),
    ]);
    expect(results).toEqual([
      { succeeded: 3, failed: 0 },
      { succeeded: 3, failed: 0 },
    ]);
    const logged = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.kind, SHIPMENT_ACTIVITY.archived), inArray(activities.shipmentId, ids)));
    expect(logged).toHaveLength(3);
  });
});

describe("bulk subscribe and unsubscribe", () => {
  it("are the viewer's own e-mail subscriptions, open to Readonly, idempotent", async () => {
    const w = await world();
    const ctx = contextFor(t.db, w.users.READONLY);
    expect(await bulkSubscribe(ctx, { shipmentIds: w.selection })).toEqual({ succeeded: 3, failed: 3 });
    expect(await bulkSubscribe(ctx, { shipmentIds: w.mine.map((s) => s.id) })).toEqual({
      succeeded: 3,
      failed: 0,
    });
    const mine = () => t.db.select().from(subscriptions).where(eq(subscriptions.userId, w.users.READONLY.id));
    expect((await mine()).map((s) => s.shipmentId).sort()).toEqual(w.mine.map((s) => s.id).sort());
    expect(await bulkUnsubscribe(ctx, { shipmentIds: w.selection })).toEqual({ succeeded: 3, failed: 3 });
    expect(await mine()).toEqual([]);
  });
});

describe("bulk delete", () => {
  it("is for Admins and Managers; deletes what they see", async () => {
    const w = await world();
    await expect(
      bulkDelete(contextFor(t.db, w.users.OPERATOR), { shipmentIds: w.selection }),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    const out = await bulkDelete(contextFor(t.db, w.users.MANAGER), { shipmentIds: w.selection });
    // The Manager is in both teams of the company.
    expect(out).toEqual({ succeeded: 4, failed: 2 });
    expect(await rowsOf([...w.mine.map((s) => s.id), w.otherTeams.id])).toEqual([]);
    expect(await rowsOf([w.foreigns.id])).toHaveLength(1);
  });
});

describe("bulk delete of tracked shipments", () => {
  it("takes the latest history, the other histories and the comments with each shipment", async () => {
    const w = await world();
    const [tracked] = w.mine;
    if (!tracked) throw new Error("world without shipments");
    const history = { shipmentId: tracked.id, companyId: w.company.id, status: "success" as const };
    const [older] = await t.db.insert(shipmentHistories).values(history).returning();
    const [latest] = await t.db.insert(shipmentHistories).values(history).returning();
    await t.db.update(shipments).set({ latestHistoryId: latest?.id }).where(eq(shipments.id, tracked.id));
    await t.db.insert(comments).values({ shipmentId: tracked.id, companyId: w.company.id, content: "hi" });
    expect(await bulkDelete(contextFor(t.db, w.users.ADMIN), { shipmentIds: [tracked.id] })).toEqual({
      succeeded: 1,
      failed: 0,
    });
    const left = await t.db
      .select()
      .from(shipmentHistories)
      .where(inArray(shipmentHistories.id, [older?.id ?? "", latest?.id ?? ""]));
    expect(left).toEqual([]);
    expect(await t.db.select().from(comments).where(eq(comments.shipmentId, tracked.id))).toEqual([]);
  });
});

describe("bulk archive stops tracking", () => {
  it("puts a queued shipment back to SLEEPING, as a single archive does", async () => {
    const w = await world();
    const [queued] = w.mine;
    if (!queued) throw new Error("world without shipments");
    await t.db.update(shipments).set({ queueStatus: "WAITING" }).where(eq(shipments.id, queued.id));
    await bulkArchive(contextFor(t.db, w.users.OPERATOR), { shipmentIds: [queued.id] });
    const [row] = await rowsOf([queued.id]);
    expect(row).toMatchObject({ isArchived: true, queueStatus: "SLEEPING" });
  });
});

describe("bulk move to another team", () => {
  it("moves and records the teams' names, for a Manager on PREMIUM", async () => {
    const w = await world();
    const ids = [w.mine[0]?.id as string, w.foreigns.id];
    const out = await bulkMove(contextFor(t.db, w.users.MANAGER), { shipmentIds: ids, teamId: w.other.id });
    expect(out).toEqual({ succeeded: 1, failed: 1 });
    const [moved] = await rowsOf([ids[0] as string]);
    expect(moved?.teamId).toBe(w.other.id);
    const [entry] = await t.db
      .select()
      .from(activities)
      .where(eq(activities.shipmentId, ids[0] as string));
    expect(entry).toMatchObject({
      kind: SHIPMENT_ACTIVITY.movedTeam,
      params: { fromTeamName: "Tokyo", toTeamName: "Osaka" },
    });
  });

  it("is refused to Operators, below PREMIUM, into an archived team or another company's team", async () => {
    const w = await world();
    const move = (who: keyof typeof w.users, teamId: string) =>
      bulkMove(contextFor(t.db, w.users[who]), { shipmentIds: [w.mine[0]?.id as string], teamId });
    await expect(move("OPERATOR", w.other.id)).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    await expect(move("ADMIN", w.archivedTeam.id)).rejects.toMatchObject({ code: "TEAM_ARCHIVED" });
    await expect(move("ADMIN", w.foreign.team.id)).rejects.toMatchObject({ code: "TEAM_NOT_FOUND" });
    const standard = await world("STANDARD");
    await expect(
      bulkMove(contextFor(t.db, standard.users.ADMIN), {
        shipmentIds: [standard.mine[0]?.id as string],
        teamId: standard.other.id,
      }),
    ).rejects.toMatchObject({ code: "UPGRADE_REQUIRED" });
    expect((await rowsOf([w.mine[0]?.id as string]))[0]?.teamId).toBe(w.team.id);
  });
});
