import { eq, sql } from "drizzle-orm";
import type { SubscriptionSetting } from "../../../shared/enums";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

// Drizzle only: a user's notification settings and their subscriptions in bulk.

export const SETTINGS_COLUMNS = {
  notificationEmail: users.notificationEmail,
  minUpdateIntervalHoursEtd: users.minUpdateIntervalHoursEtd,
  minUpdateIntervalHoursEta: users.minUpdateIntervalHoursEta,
  minUpdateIntervalHoursPlaceOfDeliveryEta: users.minUpdateIntervalHoursPlaceOfDeliveryEta,
  transhipNotificationBehavior: users.transhipNotificationBehavior,
  subscriptionSettingForNewShipment: users.subscriptionSettingForNewShipment,
  isCompletionEmailEnabled: users.isCompletionEmailEnabled,
  includesRemarkToEmail: users.includesRemarkToEmail,
  includesCustomField1ToEmail: users.includesCustomField1ToEmail,
  includesCustomField2ToEmail: users.includesCustomField2ToEmail,
  includesCustomField3ToEmail: users.includesCustomField3ToEmail,
  timeZone: users.timeZone,
};

export async function settingsOf(db: Db, userId: string, lock = false) {
  const query = db.select(SETTINGS_COLUMNS).from(users).where(eq(users.id, userId));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export type SettingsRow = NonNullable<Awaited<ReturnType<typeof settingsOf>>>;

export async function updateSettings(db: Db, userId: string, values: Partial<SettingsRow>) {
  if (Object.keys(values).length === 0) return;
  await db.update(users).set(values).where(eq(users.id, userId));
}

/**
 * Makes the user's subscriptions in their company follow a new-shipment setting: ALL subscribes to
 * every shipment of their teams; ONLYMINE keeps only the shipments they created (in their teams);
 * NONE removes every subscription they have in the company.
 */
export async function applySubscriptionSetting(
  db: Db,
  who: { userId: string; companyId: string },
  setting: SubscriptionSetting,
  now: Date,
): Promise<{ subscribed: number; unsubscribed: number }> {
  const { userId, companyId } = who;
  const removed = await db.execute(sql`
    delete from subscriptions sub
    using shipments s
    where sub.shipment_id = s.id and sub.user_id = ${userId}::uuid and s.company_id = ${companyId}::uuid
      and (${setting} = 'NONE' or (${setting} = 'ONLYMINE' and s.owner_user_id is distinct from ${userId}::uuid))
    returning sub.id`);
  if (setting === "NONE") return { subscribed: 0, unsubscribed: removed.length };
  const added = await db.execute(sql`
    insert into subscriptions (user_id, shipment_id, created_at)
    select ${userId}::uuid, s.id, ${now.toISOString()}::timestamptz
    from shipments s
    join team_members tm on tm.team_id = s.team_id and tm.user_id = ${userId}::uuid
    where s.company_id = ${companyId}::uuid
      and (${setting} = 'ALL' or s.owner_user_id = ${userId}::uuid)
    on conflict do nothing
    returning id`);
  return { subscribed: added.length, unsubscribed: removed.length };
}
