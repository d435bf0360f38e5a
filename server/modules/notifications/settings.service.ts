import type { SubscriptionSetting, TranshipNotificationBehavior } from "../../../shared/enums";
import { planAllows } from "../../../shared/permissions";
import type { UpdateNotificationSettingsInput } from "../../../shared/schemas/notifications";
import { AppError } from "../../core/app-error";
import { authorize, currentPlan } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { applySubscriptionSetting, type SettingsRow, settingsOf, updateSettings } from "./settings.queries";

// The viewer's own notification settings (spec 02 §2): every role, Readonly included, manages
// their own, and nobody else's.

export interface NotificationSettingsOutput {
  notificationEmail: string;
  minUpdateIntervalHoursEtd: number;
  minUpdateIntervalHoursEta: number;
  minUpdateIntervalHoursPlaceOfDeliveryEta: number;
  transhipNotificationBehavior: TranshipNotificationBehavior;
  subscriptionSettingForNewShipment: SubscriptionSetting;
  isCompletionEmailEnabled: boolean;
  includesRemarkToEmail: boolean;
  includesCustomField1ToEmail: boolean;
  includesCustomField2ToEmail: boolean;
  includesCustomField3ToEmail: boolean;
  /** IANA zone of the times in e-mails; null for UTC. */
  timeZone: string | null;
  /** The plan has custom fields: only then are the three switches offered (spec 02 §5). */
  customFieldsAvailable: boolean;
}

export interface SubscriptionsApplied {
  subscribed: number;
  unsubscribed: number;
}

function toOutput(row: SettingsRow, customFieldsAvailable: boolean): NotificationSettingsOutput {
  return {
    notificationEmail: row.notificationEmail,
    minUpdateIntervalHoursEtd: row.minUpdateIntervalHoursEtd,
    minUpdateIntervalHoursEta: row.minUpdateIntervalHoursEta,
    minUpdateIntervalHoursPlaceOfDeliveryEta: row.minUpdateIntervalHoursPlaceOfDeliveryEta,
    transhipNotificationBehavior: row.transhipNotificationBehavior,
    subscriptionSettingForNewShipment: row.subscriptionSettingForNewShipment,
    isCompletionEmailEnabled: row.isCompletionEmailEnabled,
    includesRemarkToEmail: row.includesRemarkToEmail,
    includesCustomField1ToEmail: row.includesCustomField1ToEmail,
    includesCustomField2ToEmail: row.includesCustomField2ToEmail,
    includesCustomField3ToEmail: row.includesCustomField3ToEmail,
    timeZone: row.timeZone,
    customFieldsAvailable,
  };
}

export async function getNotificationSettings(ctx: ServiceContext): Promise<NotificationSettingsOutput> {
  const actor = await authorize(ctx, "notifications.configureOwn");
  const row = await settingsOf(ctx.db, actor.userId);
  if (!row) throw new AppError("UNAUTHENTICATED");
  return toOutput(row, planAllows(await currentPlan(ctx, actor.companyId), "customFields"));
}

export interface UpdateNotificationSettingsResult {
  settings: NotificationSettingsOutput;
  /** Set when the new-shipment subscription changed and was applied to existing shipments. */
  applied: SubscriptionsApplied | null;
}

/**
 * Saves what the form sends. When the new-shipment subscription changes, the existing shipments
 * follow unless `applyToExistingShipments` is false (the checkbox is on by default). The user row
 * is locked, so two saves in a row apply in order.
 */
export async function updateNotificationSettings(
  ctx: ServiceContext,
  input: UpdateNotificationSettingsInput,
): Promise<UpdateNotificationSettingsResult> {
  const actor = await authorize(ctx, "notifications.configureOwn");
  const customFieldsAvailable = planAllows(await currentPlan(ctx, actor.companyId), "customFields");
  const { applyToExistingShipments, ...values } = input;
  return ctx.tx(async (tx) => {
    const before = await settingsOf(tx.db, actor.userId, true);
    if (!before) throw new AppError("UNAUTHENTICATED");
    await updateSettings(tx.db, actor.userId, values);
    const setting = values.subscriptionSettingForNewShipment;
    const changed = setting !== undefined && setting !== before.subscriptionSettingForNewShipment;
    const applied =
      changed && applyToExistingShipments !== false
        ? await applySubscriptionSetting(tx.db, actor, setting, tx.clock.now())
        : null;
    const after = await settingsOf(tx.db, actor.userId);
    if (!after) throw new AppError("UNAUTHENTICATED");
    return { settings: toOutput(after, customFieldsAvailable), applied };
  });
}

/** Spec 02 §7 "Apply notification settings to existing shipments": the saved setting, applied now. */
export async function applyNotificationSettingsToExistingShipments(
  ctx: ServiceContext,
): Promise<SubscriptionsApplied> {
  const actor = await authorize(ctx, "notifications.configureOwn");
  return ctx.tx(async (tx) => {
    const row = await settingsOf(tx.db, actor.userId, true);
    if (!row) throw new AppError("UNAUTHENTICATED");
    return applySubscriptionSetting(tx.db, actor, row.subscriptionSettingForNewShipment, tx.clock.now());
  });
}
