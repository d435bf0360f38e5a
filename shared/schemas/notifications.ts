// Notification settings of a user (spec 02 §2, §4, §5).

import { z } from "zod";
import { NOTIFY_ANY_CHANGE, NOTIFY_DATE_CHANGES_ONLY } from "../constants";
import { SUBSCRIPTION_SETTINGS, TRANSHIP_NOTIFICATION_BEHAVIORS } from "../enums";
import { addIssue, booleanField, enumField, isEmail, msg, numberField } from "./common";

export function parseNotificationEmails(value: string): string[] {
  return value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/**
 * Several comma-separated addresses; empty means no notifications. Normalised to "a, b". The first
 * malformed address is named.
 */
export const NotificationEmail = z.string({ error: msg("validation.invalid") }).transform((value, ctx) => {
  const emails = parseNotificationEmails(value);
  const bad = emails.find((email) => !isEmail(email));
  if (bad !== undefined) {
    addIssue(ctx, msg("validation.invalidEmailAddress"), { params: { email: bad }, input: value });
    return z.NEVER;
  }
  return emails.join(", ");
});

/**
 * Hours of ETD/ETA change that trigger an e-mail: 1 or more, or the special modes 0 (any change)
 * and -1 (date changes only), which the form picks separately.
 */
export const NotificationThreshold = numberField().refine(
  (hours) => hours === NOTIFY_ANY_CHANGE || hours === NOTIFY_DATE_CHANGES_ONLY || hours >= 1,
  { error: msg("validation.thresholdMin") },
);

export const NotificationSettings = z.object({
  notificationEmail: NotificationEmail,
  minUpdateIntervalHoursEtd: NotificationThreshold,
  minUpdateIntervalHoursEta: NotificationThreshold,
  minUpdateIntervalHoursPlaceOfDeliveryEta: NotificationThreshold,
  transhipNotificationBehavior: enumField(TRANSHIP_NOTIFICATION_BEHAVIORS),
  subscriptionSettingForNewShipment: enumField(SUBSCRIPTION_SETTINGS),
  isCompletionEmailEnabled: booleanField(),
  includesRemarkToEmail: booleanField(),
  includesCustomField1ToEmail: booleanField(),
  includesCustomField2ToEmail: booleanField(),
  includesCustomField3ToEmail: booleanField(),
});
export type NotificationSettings = z.output<typeof NotificationSettings>;

/** An IANA time zone this runtime knows (e-mail times are shown in it); null for UTC. */
export const NotificationTimeZone = z
  .string({ error: msg("validation.invalid") })
  .trim()
  .max(64, { error: msg("validation.invalid") })
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: msg("validation.invalidOption") },
  )
  .nullable();

/**
 * A partial update. `applyToExistingShipments` is the checkbox offered when the new-shipment
 * subscription changes (on by default).
 */
export const UpdateNotificationSettingsInput = NotificationSettings.partial().extend({
  timeZone: NotificationTimeZone.optional(),
  applyToExistingShipments: booleanField().optional(),
});
export type UpdateNotificationSettingsInput = z.output<typeof UpdateNotificationSettingsInput>;

export const UnsubscribeInput = z.object({
  unsubscribeToken: z
    .string({ error: msg("errors.UNSUBSCRIBE_TOKEN_INVALID") })
    .trim()
    .min(1, {
      error: msg("errors.UNSUBSCRIBE_TOKEN_INVALID"),
    }),
});
export type UnsubscribeInput = z.output<typeof UnsubscribeInput>;
