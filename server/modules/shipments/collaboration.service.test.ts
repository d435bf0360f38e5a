import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import { favorites, subscriptions } from "../../db/schema";
import { createFavorite, deleteFavorite, subscribe, unsubscribe } from "./collaboration.service";
import { createComment, listComments, markAllCommentsAsRead } from "./comments.service";
import { getShipment } from "./shipments.service";
import { codeOf } from "./shipments.testkit";

const clock = new TestClock("2026-01-15T00:00:00Z");
const t = setupDatabase(clock.now());
const as = (who: Parameters<typeof contextFor>[1]) => contextFor(t.db, who, { clock });

async function world() {
  const { f } = t;
  const { company, team, user: operator } = await f.companyWith("OPERATOR");
  const readonly = await f.user({ companyId: company.id, role: "READONLY" });
  await f.teamMember(team, readonly);
  const shipment = await f.shipment(team);
  const foreign = await f.companyWith("ADMIN");
  return { f, company, team, operator, readonly, shipment, foreign };
}

describe("favorites and subscriptions", () => {
  it("are per user and idempotent, for every role", async () => {
    const { operator, readonly, shipment } = await world();
    expect(await createFavorite(as(readonly), shipment.id)).toEqual({
      shipmentId: shipment.id,
      isFavoriteForViewer: true,
    });
    expect(await createFavorite(as(readonly), shipment.id)).toEqual({
      shipmentId: shipment.id,
      isFavoriteForViewer: true,
    });
    expect(await subscribe(as(readonly), shipment.id)).toEqual({
      shipmentId: shipment.id,
      isNotificationEnabledForViewer: true,
    });
    await subscribe(as(readonly), shipment.id);
    const favs = await t.db.select().from(favorites).where(eq(favorites.shipmentId, shipment.id));
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.shipmentId, shipment.id));
    expect(favs.map((r) => r.userId)).toEqual([readonly.id]);
    expect(subs.map((r) => r.userId)).toEqual([readonly.id]);
    expect((await getShipment(as(operator), shipment.id)).isFavoriteForViewer).toBe(false);

    expect(await deleteFavorite(as(readonly), shipment.id)).toEqual({
      shipmentId: shipment.id,
      isFavoriteForViewer: false,
    });
    expect(await deleteFavorite(as(readonly), shipment.id)).toEqual({
      shipmentId: shipment.id,
      isFavoriteForViewer: false,
    });
    expect(await unsubscribe(as(readonly), shipment.id)).toEqual({
      shipmentId: shipment.id,
      isNotificationEnabledForViewer: false,
    });
    const after = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.shipmentId, shipment.id), eq(subscriptions.userId, readonly.id)));
    expect(after).toEqual([]);
  });

  it("cannot reach another company's shipment", async () => {
    const { shipment, foreign } = await world();
    for (const call of [createFavorite, deleteFavorite, subscribe, unsubscribe]) {
      expect(await codeOf(call(as(foreign.user), shipment.id))).toBe("SHIPMENT_NOT_FOUND");
    }
    expect(await t.db.select().from(favorites).where(eq(favorites.shipmentId, shipment.id))).toEqual([]);
  });
});

describe("comments", () => {
  it("are written by members who may comment, read by every viewer, oldest first", async () => {
    const { operator, readonly, shipment } = await world();
    expect(await codeOf(createComment(as(readonly), { shipmentId: shipment.id, content: "Hi" }))).toBe(
      "PERMISSION_DENIED",
    );
    const first = await createComment(as(operator), { shipmentId: shipment.id, content: "Vessel delayed" });
    expect(first).toMatchObject({
      content: "Vessel delayed",
      isOwn: true,
      user: { id: operator.id, nickname: operator.nickname, color: operator.color },
    });
    clock.advance(1000);
    await createComment(as(operator), { shipmentId: shipment.id, content: "Now on time" });
    const seenByReadonly = await listComments(as(readonly), shipment.id);
    expect(seenByReadonly.map((c) => [c.content, c.isOwn])).toEqual([
      ["Vessel delayed", false],
      ["Now on time", false],
    ]);
  });

  it("are unread for others until they mark them read; own comments never are", async () => {
    const { operator, readonly, shipment } = await world();
    const unread = async (who: typeof operator) =>
      (await getShipment(as(who), shipment.id)).hasUnreadCommentForViewer;
    expect(await unread(readonly)).toBe(false);
    clock.advance(1000);
    await createComment(as(operator), { shipmentId: shipment.id, content: "ETA moved" });
    expect(await unread(operator)).toBe(false);
    expect(await unread(readonly)).toBe(true);

    clock.advance(1000);
    expect(await markAllCommentsAsRead(as(readonly), shipment.id)).toEqual({
      shipmentId: shipment.id,
      hasUnreadCommentForViewer: false,
    });
    expect(await unread(readonly)).toBe(false);

    clock.advance(1000);
    await createComment(as(operator), { shipmentId: shipment.id, content: "Arrived" });
    expect(await unread(readonly)).toBe(true);
    clock.advance(1000);
    await markAllCommentsAsRead(as(readonly), shipment.id);
    expect(await unread(readonly)).toBe(false);
  });

  it("of another company are neither read nor written", async () => {
    const { shipment, foreign } = await world();
    expect(await codeOf(listComments(as(foreign.user), shipment.id))).toBe("SHIPMENT_NOT_FOUND");
    expect(await codeOf(createComment(as(foreign.user), { shipmentId: shipment.id, content: "x" }))).toBe(
      "SHIPMENT_NOT_FOUND",
    );
    expect(await codeOf(markAllCommentsAsRead(as(foreign.user), shipment.id))).toBe("SHIPMENT_NOT_FOUND");
  });
});
