import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { companyId, createdAt, id, routeColumns, timestamptz, updatedAt } from "./columns";
import { queueStatusEnum, shippingLineEnum, trackingTypeEnum } from "./enums";
import { teams } from "./teams";
import { shipmentHistories } from "./tracking";
import { users } from "./users";

export const shipments = pgTable(
  "shipments",
  {
    id: id(),
    companyId: companyId(),
    teamId: uuid().notNull(),
    ownerUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    title: text(),
    remark: text(),
    trackingNumber: text().notNull(),
    trackingType: trackingTypeEnum().notNull(),
    shippingLine: shippingLineEnum().notNull(),
    /** Set to archive, cleared to unarchive; isArchived follows it so the two cannot disagree. */
    archivedAt: timestamptz(),
    isArchived: boolean().notNull().generatedAlwaysAs(sql`archived_at is not null`),
    isFailing: boolean().notNull().default(false),
    failedReason: text(),
    consecutiveFailures: integer().notNull().default(0),
    /**
     * Why the latest refresh failed, from the first failure on (failedReason waits for the failure
     * threshold); null after a refresh that succeeded. The console tells a refused number at once.
     */
    lastFailedReason: text(),
    queueStatus: queueStatusEnum().notNull().default("SLEEPING"),
    lastScrapedAt: timestamptz(),
    /** When the poller should next refresh it; null while it is not to be polled. */
    nextRefreshAt: timestamptz().defaultNow(),
    aisUpdatedAt: timestamptz(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /**
     * Unguessable: anyone holding it sees the shipment at /app/share/{shareToken}. Null once the
     * link is revoked; regenerating issues a new one.
     */
    shareToken: text()
      .unique("shipments_share_token_unique")
      .$defaultFn(() => randomBytes(24).toString("base64url")),
    customField1: text(),
    customField2: text(),
    customField3: text(),
    /** Calendar dates the customer asked for (YYYY-MM-DD), not instants. */
    requestedEtd: date({ mode: "string" }),
    requestedEta: date({ mode: "string" }),
    initialEtd: timestamptz(),
    initialEta: timestamptz(),
    delayDays: integer(),
    etdDelayDays: integer(),
    requestedEtaDelayDays: integer(),
    requestedEtdDelayDays: integer(),
    predictedArrivalAt: timestamptz(),
    latestHistoryId: uuid().references((): AnyPgColumn => shipmentHistories.id, {
      onDelete: "set null",
    }),
    // The latest history's list columns, copied here by the trigger shipments_list_columns when
    // latest_history_id changes, so the list sorts, filters and pages on one table's indexes
    // (docs/decisions/0045-list-columns-on-shipments.md). Never written by application code.
    ...routeColumns(),
    /** The first leg's vessel. */
    vesselName: text(),
    vesselVoyage: text(),
    containerNumbers: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * What the search box matches, by substring (ILIKE through a trigram index) rather than by
     * words: tracking numbers are searched by fragments and Japanese text has no word breaks.
     * Lower case, so the search matches with LIKE, much cheaper per row than ILIKE on Japanese text;
     * shipment_search_join is an immutable array_to_string (defined in migration 0006).
     */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(
        sql`lower(coalesce(title, '') || ' ' || coalesce(remark, '') || ' ' || tracking_number || ' ' || coalesce(custom_field1, '') || ' ' || coalesce(custom_field2, '') || ' ' || coalesce(custom_field3, '') || ' ' || coalesce(place_of_receipt_name, '') || ' ' || coalesce(place_of_receipt_locode, '') || ' ' || coalesce(loading_port_name, '') || ' ' || coalesce(loading_port_locode, '') || ' ' || coalesce(discharging_port_name, '') || ' ' || coalesce(discharging_port_locode, '') || ' ' || coalesce(place_of_delivery_name, '') || ' ' || coalesce(place_of_delivery_locode, '') || ' ' || coalesce(vessel_name, '') || ' ' || coalesce(vessel_voyage, '') || ' ' || shipment_search_join(container_numbers))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.shippingLine, t.isArchived, t.nextRefreshAt),
    // The refresh scheduler's claim each minute: due and active shipments, oldest due first.
    index("shipments_refresh_due_idx").on(t.nextRefreshAt).where(sql`${t.archivedAt} is null`),
    index().on(t.trackingNumber),
    index().on(t.companyId, t.shippingLine, t.trackingNumber),
    index().on(t.ownerUserId),
    // Company first (btree_gin): a search reads its own company's posting lists, however many
    // shipments other companies hold.
    index("shipments_search_text_trgm_idx").using("gin", t.companyId, t.searchText.op("gin_trgm_ops")),
    // The list's default order per scope and tab, with id as the tiebreaker: a page is an index
    // range, and an OFFSET page walks the index only (docs/decisions/0046-list-indexes-and-deferred-join.md).
    index("shipments_list_team_idx").on(t.companyId, t.teamId, t.isArchived, t.arrivalTime, t.id),
    index("shipments_list_company_idx").on(t.companyId, t.isArchived, t.arrivalTime, t.id),
    // Target of the (shipmentId, companyId) foreign keys that keep shipment children in its company.
    unique("shipments_id_company_id_unique").on(t.id, t.companyId),
    foreignKey({
      name: "shipments_team_fk",
      columns: [t.teamId, t.companyId],
      foreignColumns: [teams.id, teams.companyId],
    }).onDelete("cascade"),
    check("shipments_consecutive_failures_non_negative", sql`${t.consecutiveFailures} >= 0`),
    check("shipments_latitude_range", sql`${t.latitude} between -90 and 90`),
    check("shipments_longitude_range", sql`${t.longitude} between -180 and 180`),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shipmentId: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.userId, t.shipmentId), index().on(t.shipmentId)],
);

/** Who gets schedule-change e-mails for a shipment. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shipmentId: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.userId, t.shipmentId), index().on(t.shipmentId)],
);

export type Shipment = typeof shipments.$inferSelect;
export type NewShipment = typeof shipments.$inferInsert;
export type Favorite = typeof favorites.$inferSelect;
export type NewFavorite = typeof favorites.$inferInsert;
export type Subscription = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
