import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { DEFAULT_NOTIFICATION_THRESHOLD_HOURS, NOTIFY_DATE_CHANGES_ONLY } from "../../../shared/constants";
import { createdAt, id, literal, timestamptz, updatedAt } from "./columns";
import { companies, roles } from "./companies";
import { languageEnum, subscriptionSettingEnum, transhipNotificationBehaviorEnum } from "./enums";

function notificationThreshold() {
  return integer().notNull().default(DEFAULT_NOTIFICATION_THRESHOLD_HOURS);
}

/** Positive hours, or one of the two special modes (0 any change, -1 date changes only). */
function thresholdCheck(column: AnyPgColumn) {
  return sql`${column} >= ${literal(NOTIFY_DATE_CHANGES_ONLY)}`;
}

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text().notNull(),
    nickname: text().notNull(),
    color: text().notNull().default("#4a90e2"),
    language: languageEnum().notNull().default("en"),
    /** Null for accounts that only ever signed in through a third-party identity. */
    passwordHash: text(),
    isEmailVerified: boolean().notNull().default(false),
    totpSecret: text(),
    isMultiFactorEnabled: boolean().notNull().default(false),
    /** A TOTP code is accepted once: a code from this time step or earlier is refused. */
    totpLastAcceptedStep: integer(),
    mfaFailedAttempts: integer().notNull().default(0),
    mfaLockedUntil: timestamptz(),
    /**
     * Null for a user without a company (a guest, or someone removed from one). Deleting a company
     * keeps its people's accounts, which then meet the "no company" gate.
     */
    companyId: uuid().references(() => companies.id, { onDelete: "set null" }),
    roleId: uuid().references(() => roles.id),
    /** Comma-separated addresses; empty means no e-mail notifications (spec 02 §2). */
    notificationEmail: text().notNull().default(""),
    minUpdateIntervalHoursEtd: notificationThreshold(),
    minUpdateIntervalHoursEta: notificationThreshold(),
    minUpdateIntervalHoursPlaceOfDeliveryEta: notificationThreshold(),
    transhipNotificationBehavior: transhipNotificationBehaviorEnum().notNull().default("ALL"),
    subscriptionSettingForNewShipment: subscriptionSettingEnum().notNull().default("ALL"),
    isCompletionEmailEnabled: boolean().notNull().default(true),
    includesRemarkToEmail: boolean().notNull().default(false),
    includesCustomField1ToEmail: boolean().notNull().default(false),
    includesCustomField2ToEmail: boolean().notNull().default(false),
    includesCustomField3ToEmail: boolean().notNull().default(false),
    /** IANA zone the notification e-mails show times in (null: UTC), next to the port's local time. */
    timeZone: text(),
    /**
     * The company typed on the sign-up form, created once the e-mail is verified. Kept with the
     * account so verifying on another device still finds it (decision record 0008).
     */
    pendingCompanyName: text(),
    pendingCompanyTel: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    index().on(t.companyId),
    check("users_mfa_failed_attempts_non_negative", sql`${t.mfaFailedAttempts} >= 0`),
    check("users_min_update_interval_hours_etd_valid", thresholdCheck(t.minUpdateIntervalHoursEtd)),
    check("users_min_update_interval_hours_eta_valid", thresholdCheck(t.minUpdateIntervalHoursEta)),
    check(
      "users_min_update_interval_hours_place_of_delivery_eta_valid",
      thresholdCheck(t.minUpdateIntervalHoursPlaceOfDeliveryEta),
    ),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
