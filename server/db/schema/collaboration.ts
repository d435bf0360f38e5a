import { sql } from "drizzle-orm";
import { check, foreignKey, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { SearchOperator } from "../../../shared/enums";
import { companyId, createdAt, id, timestamptz, updatedAt } from "./columns";
import { shipments } from "./shipments";
import { teams } from "./teams";
import { users } from "./users";

export const comments = pgTable(
  "comments",
  {
    id: id(),
    shipmentId: uuid().notNull(),
    companyId: companyId(),
    /** Null once the author's account is deleted; the conversation stays readable. */
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    content: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.shipmentId, t.createdAt),
    index().on(t.userId),
    foreignKey({
      name: "comments_shipment_fk",
      columns: [t.shipmentId, t.companyId],
      foreignColumns: [shipments.id, shipments.companyId],
    }).onDelete("cascade"),
  ],
);

/** Comments newer than lastReadAt are unread for that user (hasUnreadCommentForViewer). */
export const commentReads = pgTable(
  "comment_reads",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shipmentId: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    lastReadAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.userId, t.shipmentId), index().on(t.shipmentId)],
);

/** An entry of the Activities tab; the text is rendered from kind and params in the reader's language. */
export const activities = pgTable(
  "activities",
  {
    id: id(),
    shipmentId: uuid().notNull(),
    companyId: companyId(),
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    kind: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.shipmentId, t.createdAt),
    index().on(t.actorUserId),
    foreignKey({
      name: "activities_shipment_fk",
      columns: [t.shipmentId, t.companyId],
      foreignColumns: [shipments.id, shipments.companyId],
    }).onDelete("cascade"),
  ],
);

export type SearchConditionValue = string | number | boolean | null;

export interface SavedSearchCondition {
  field: string;
  operator: SearchOperator;
  /** Two values for BETWEEN, one otherwise, none for IS_EMPTY and NOT_EMPTY. */
  value: SearchConditionValue | [SearchConditionValue, SearchConditionValue];
}

export const savedSearches = pgTable(
  "saved_searches",
  {
    id: id(),
    companyId: companyId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null for searches saved in the headquarters view, which spans every team. */
    teamId: uuid(),
    name: text().notNull(),
    conditions: jsonb().$type<SavedSearchCondition[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId, t.teamId),
    foreignKey({
      name: "saved_searches_team_fk",
      columns: [t.teamId, t.companyId],
      foreignColumns: [teams.id, teams.companyId],
    }).onDelete("cascade"),
    check("saved_searches_name_not_blank", sql`btrim(${t.name}) <> ''`),
  ],
);

export type Comment = typeof comments.$inferSelect;
export type NewComment = typeof comments.$inferInsert;
export type CommentRead = typeof commentReads.$inferSelect;
export type Activity = typeof activities.$inferSelect;
export type NewActivity = typeof activities.$inferInsert;
export type SavedSearch = typeof savedSearches.$inferSelect;
export type NewSavedSearch = typeof savedSearches.$inferInsert;
