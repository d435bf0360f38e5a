import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { contextFor } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import { subscriptions, users } from "../../db/schema";
import {
  applyNotificationSettingsToExistingShipments,
  getNotificationSettings,
  updateNotificationSettings,
} from "./settings.service";

let t: TestDatabase;
const clock = new TestClock("2026-01-20T00:00:00Z");
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.close());

const as = (user: Parameters<typeof contextFor>[1]) => contextFor(t.db, user, { clock });

async function readonlyWithShipments() {
  const f = factories(t.db);
  const { company, team, user } = await f.companyWith("READONLY");
  const colleague = await f.user({ companyId: company.id, role: "OPERATOR" });
  const own = await f.shipment(team, { ownerUserId: user.id });
  const theirs = await f.shipment(team, { ownerUserId: colleague.id });
  const otherTeam = await f.team(company.id);
  const elsewhere = await f.shipment(otherTeam);
  return { company, team, user, own, theirs, elsewhere };
}

const subscribedTo = async (userId: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))
    .map((s) => s.shipmentId)
    .sort();

describe("notification settings", () => {
  it("are read and saved by every role, Readonly included, for the viewer only", async () => {
    const { user } = await readonlyWithShipments();
    const before = await getNotificationSettings(as(user));
    expect(before).toMatchObject({
      notificationEmail: "",
      minUpdateIntervalHoursEtd: 3,
      transhipNotificationBehavior: "ALL",
      subscriptionSettingForNewShipment: "ALL",
      timeZone: null,
      customFieldsAvailable: false,
    });
    const { settings } = await updateNotificationSettings(as(user), {
      notificationEmail: "a@x.example, b@y.example",
      minUpdateIntervalHoursEta: -1,
      minUpdateIntervalHoursEtd: 0,
      minUpdateIntervalHoursPlaceOfDeliveryEta: 12,
      transhipNotificationBehavior: "ONLY_LAST_VESSEL",
      isCompletionEmailEnabled: false,
      includesRemarkToEmail: true,
      timeZone: "Asia/Tokyo",
    });
    expect(settings).toMatchObject({
      notificationEmail: "a@x.example, b@y.example",
      minUpdateIntervalHoursEta: -1,
      minUpdateIntervalHoursEtd: 0,
      minUpdateIntervalHoursPlaceOfDeliveryEta: 12,
      transhipNotificationBehavior: "ONLY_LAST_VESSEL",
      isCompletionEmailEnabled: false,
      includesRemarkToEmail: true,
      timeZone: "Asia/Tokyo",
    });
    expect(Object.keys(settings)).not.toContain("passwordHash");
  });

  it("say whether the plan has custom fields", async () => {
    const f = factories(t.db);
    const { company, user } = await f.companyWith("OPERATOR");
    expect((await getNotificationSettings(as(user))).customFieldsAvailable).toBe(false);
    await f.contract(company.id, { plan: "PREMIUM", startsAt: new Date("2026-01-01T00:00:00Z") });
    expect((await getNotificationSettings(as(user))).customFieldsAvailable).toBe(true);
  });

  it("are refused to a person without a company", async () => {
    const loner = await factories(t.db).user();
    await expect(getNotificationSettings(as(loner))).rejects.toMatchObject({ code: "NO_COMPANY" });
  });
});

describe("the new-shipment subscription applied to existing shipments", () => {
  it("follows the change by default: NONE, then ONLYMINE, then ALL (own teams)", async () => {
    const { user, own, theirs, elsewhere } = await readonlyWithShipments();
    await t.db.insert(subscriptions).values([
      { userId: user.id, shipmentId: theirs.id },
      { userId: user.id, shipmentId: elsewhere.id },
    ]);
    const none = await updateNotificationSettings(as(user), { subscriptionSettingForNewShipment: "NONE" });
    expect(none.applied).toEqual({ subscribed: 0, unsubscribed: 2 });
    expect(await subscribedTo(user.id)).toEqual([]);

    const mine = await updateNotificationSettings(as(user), {
      subscriptionSettingForNewShipment: "ONLYMINE",
    });
    expect(mine.applied).toEqual({ subscribed: 1, unsubscribed: 0 });
    expect(await subscribedTo(user.id)).toEqual([own.id]);

    await updateNotificationSettings(as(user), { subscriptionSettingForNewShipment: "ALL" });
    expect(await subscribedTo(user.id)).toEqual([own.id, theirs.id].sort());
  });

  it("leaves existing subscriptions alone when the checkbox is off, until applied explicitly", async () => {
    const { user, theirs } = await readonlyWithShipments();
    await t.db.insert(subscriptions).values({ userId: user.id, shipmentId: theirs.id });
    const result = await updateNotificationSettings(as(user), {
      subscriptionSettingForNewShipment: "NONE",
      applyToExistingShipments: false,
    });
    expect(result.applied).toBeNull();
    expect(await subscribedTo(user.id)).toEqual([theirs.id]);
    expect(await applyNotificationSettingsToExistingShipments(as(user))).toEqual({
      subscribed: 0,
      unsubscribed: 1,
    });
    expect(await subscribedTo(user.id)).toEqual([]);
  });

  it("does not touch existing subscriptions when the setting did not change", async () => {
    const { user, theirs } = await readonlyWithShipments();
    await t.db.insert(subscriptions).values({ userId: user.id, shipmentId: theirs.id });
    await t.db.update(users).set({ subscriptionSettingForNewShipment: "NONE" }).where(eq(users.id, user.id));
    const result = await updateNotificationSettings(as(user), { subscriptionSettingForNewShipment: "NONE" });
    expect(result.applied).toBeNull();
    expect(
      await t.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.shipmentId, theirs.id))),
    ).toHaveLength(1);
  });

  it("applies two saves at the same time in order, ending in one consistent state", async () => {
    const { user, own, theirs } = await readonlyWithShipments();
    await Promise.all([
      updateNotificationSettings(as(user), { subscriptionSettingForNewShipment: "ONLYMINE" }),
      updateNotificationSettings(as(user), { subscriptionSettingForNewShipment: "NONE" }),
    ]);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    const expected = row?.subscriptionSettingForNewShipment === "NONE" ? [] : [own.id];
    expect(await subscribedTo(user.id)).toEqual(expected);
    expect(await subscribedTo(user.id)).not.toContain(theirs.id);
  });
});
