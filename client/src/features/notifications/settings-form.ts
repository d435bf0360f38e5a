import { z } from "zod";
import {
  DEFAULT_NOTIFICATION_THRESHOLD_HOURS,
  NOTIFY_ANY_CHANGE,
  NOTIFY_DATE_CHANGES_ONLY,
} from "../../../../shared/constants";
import { SUBSCRIPTION_SETTINGS, TRANSHIP_NOTIFICATION_BEHAVIORS } from "../../../../shared/enums";
import {
  addIssue,
  booleanField,
  enumField,
  msg,
  NotificationEmail,
  NotificationThreshold,
  type UpdateNotificationSettingsInput,
} from "../../../../shared/schemas";

// The notification settings form: each threshold is a mode (any change, at least N hours, date
// changes only) plus the hours, which only count in the hours mode (spec 02 §4, §5).

export const THRESHOLD_FIELDS = [
  "minUpdateIntervalHoursEtd",
  "minUpdateIntervalHoursEta",
  "minUpdateIntervalHoursPlaceOfDeliveryEta",
] as const;
export type ThresholdField = (typeof THRESHOLD_FIELDS)[number];

export const THRESHOLD_MODES = ["any", "hours", "dateOnly"] as const;
export type ThresholdMode = (typeof THRESHOLD_MODES)[number];

export function modeOf(hours: number): ThresholdMode {
  if (hours === NOTIFY_ANY_CHANGE) return "any";
  if (hours === NOTIFY_DATE_CHANGES_ONLY) return "dateOnly";
  return "hours";
}

/** The hours shown when the hours mode is chosen: the saved value, else 3 (spec 02 §9). */
export function hoursOf(hours: number): string {
  return String(hours >= 1 ? hours : DEFAULT_NOTIFICATION_THRESHOLD_HOURS);
}

const modeField = enumField(THRESHOLD_MODES);

export const SettingsFormSchema = z
  .object({
    notificationEmail: NotificationEmail,
    timeZone: z.string(),
    minUpdateIntervalHoursEtdMode: modeField,
    minUpdateIntervalHoursEtd: z.string(),
    minUpdateIntervalHoursEtaMode: modeField,
    minUpdateIntervalHoursEta: z.string(),
    minUpdateIntervalHoursPlaceOfDeliveryEtaMode: modeField,
    minUpdateIntervalHoursPlaceOfDeliveryEta: z.string(),
    transhipNotificationBehavior: enumField(TRANSHIP_NOTIFICATION_BEHAVIORS),
    subscriptionSettingForNewShipment: enumField(SUBSCRIPTION_SETTINGS),
    applyToExistingShipments: booleanField(),
    isCompletionEmailEnabled: booleanField(),
    includesRemarkToEmail: booleanField(),
    includesCustomField1ToEmail: booleanField(),
    includesCustomField2ToEmail: booleanField(),
    includesCustomField3ToEmail: booleanField(),
  })
  .transform((form, ctx): UpdateNotificationSettingsInput => {
    const thresholds = {} as Record<ThresholdField, number>;
    for (const field of THRESHOLD_FIELDS) {
      const mode = form[`${field}Mode`];
      if (mode === "any") thresholds[field] = NOTIFY_ANY_CHANGE;
      else if (mode === "dateOnly") thresholds[field] = NOTIFY_DATE_CHANGES_ONLY;
      else {
        const hours = NotificationThreshold.safeParse(form[field]);
        if (!hours.success || hours.data < 1 || !Number.isInteger(hours.data)) {
          const key = hours.success ? msg("validation.thresholdMin") : hours.error.issues[0]?.message;
          addIssue(ctx, (key ?? msg("validation.thresholdMin")) as never, { path: [field] });
          return z.NEVER;
        }
        thresholds[field] = hours.data;
      }
    }
    return {
      notificationEmail: form.notificationEmail,
      timeZone: form.timeZone === "" ? null : form.timeZone,
      ...thresholds,
      transhipNotificationBehavior: form.transhipNotificationBehavior,
      subscriptionSettingForNewShipment: form.subscriptionSettingForNewShipment,
      applyToExistingShipments: form.applyToExistingShipments,
      isCompletionEmailEnabled: form.isCompletionEmailEnabled,
      includesRemarkToEmail: form.includesRemarkToEmail,
      includesCustomField1ToEmail: form.includesCustomField1ToEmail,
      includesCustomField2ToEmail: form.includesCustomField2ToEmail,
      includesCustomField3ToEmail: form.includesCustomField3ToEmail,
    };
  });

export interface SavedSettings {
  notificationEmail: string;
  minUpdateIntervalHoursEtd: number;
  minUpdateIntervalHoursEta: number;
  minUpdateIntervalHoursPlaceOfDeliveryEta: number;
  transhipNotificationBehavior: string;
  subscriptionSettingForNewShipment: string;
  isCompletionEmailEnabled: boolean;
  includesRemarkToEmail: boolean;
  includesCustomField1ToEmail: boolean;
  includesCustomField2ToEmail: boolean;
  includesCustomField3ToEmail: boolean;
  timeZone: string | null;
}

/**
 * The form's initial values from what the server keeps. With no zone saved yet, the browser's is
 * offered (`fallbackZone`), so a first save keeps the times people expect.
 */
export function formValues(s: SavedSettings, fallbackZone = "") {
  return {
    notificationEmail: s.notificationEmail,
    timeZone: s.timeZone ?? fallbackZone,
    minUpdateIntervalHoursEtdMode: modeOf(s.minUpdateIntervalHoursEtd) as string,
    minUpdateIntervalHoursEtd: hoursOf(s.minUpdateIntervalHoursEtd),
    minUpdateIntervalHoursEtaMode: modeOf(s.minUpdateIntervalHoursEta) as string,
    minUpdateIntervalHoursEta: hoursOf(s.minUpdateIntervalHoursEta),
    minUpdateIntervalHoursPlaceOfDeliveryEtaMode: modeOf(
      s.minUpdateIntervalHoursPlaceOfDeliveryEta,
    ) as string,
    minUpdateIntervalHoursPlaceOfDeliveryEta: hoursOf(s.minUpdateIntervalHoursPlaceOfDeliveryEta),
    transhipNotificationBehavior: s.transhipNotificationBehavior,
    subscriptionSettingForNewShipment: s.subscriptionSettingForNewShipment,
    applyToExistingShipments: true,
    isCompletionEmailEnabled: s.isCompletionEmailEnabled,
    includesRemarkToEmail: s.includesRemarkToEmail,
    includesCustomField1ToEmail: s.includesCustomField1ToEmail,
    includesCustomField2ToEmail: s.includesCustomField2ToEmail,
    includesCustomField3ToEmail: s.includesCustomField3ToEmail,
  };
}

/** The browser's own zone, when it is one the select offers. */
export function browserTimeZone(options: readonly string[]): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && options.includes(zone) ? zone : "";
}

/** IANA zones the browser knows, for the time-zone select; UTC first (the empty value). */
export function timeZoneOptions(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.("timeZone") ?? [];
  return zones.filter((z) => z !== "UTC");
}
