import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ATTACHMENT_MAX_BYTES } from "../../../shared/constants";
import { companyId, createdAt, id, literal, timestamptz } from "./columns";
import { attachmentContentTypeEnum, visibilityScopeEnum } from "./enums";
import { shipments } from "./shipments";
import { users } from "./users";

/**
 * A file on a shipment. The row is created with the signed upload URL and uploadedAt is set once
 * the PUT to storage completed, so rows without it are unfinished uploads, hidden and swept.
 */
export const attachments = pgTable(
  "attachments",
  {
    id: id(),
    companyId: companyId(),
    shipmentId: uuid().notNull(),
    filename: text().notNull(),
    contentType: attachmentContentTypeEnum().notNull(),
    fileSizeBytes: integer().notNull(),
    storageKey: text().notNull().unique("attachments_storage_key_unique"),
    uploadedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** Set for an upload made through a share link, where the guest may have no account. */
    uploadedByGuestEmail: text(),
    visibilityScope: visibilityScopeEnum().notNull().default("INTERNAL_ONLY"),
    createdAt: createdAt(),
    uploadedAt: timestamptz(),
  },
  (t) => [
    index().on(t.shipmentId, t.createdAt),
    index().on(t.uploadedByUserId),
    // The storage quota sums a company's files under its lock.
    index().on(t.companyId),
    foreignKey({
      name: "attachments_shipment_fk",
      columns: [t.shipmentId, t.companyId],
      foreignColumns: [shipments.id, shipments.companyId],
    }).onDelete("cascade"),
    check(
      "attachments_file_size_bytes_range",
      sql`${t.fileSizeBytes} between 1 and ${literal(ATTACHMENT_MAX_BYTES)}`,
    ),
  ],
);

/** Addresses that may download a LIMITED_SHARING attachment. */
export const attachmentShares = pgTable(
  "attachment_shares",
  {
    id: id(),
    attachmentId: uuid()
      .notNull()
      .references(() => attachments.id, { onDelete: "cascade" }),
    email: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("attachment_shares_attachment_email_unique").on(t.attachmentId, sql`lower(${t.email})`),
    index("attachment_shares_email_lower_idx").on(sql`lower(${t.email})`),
  ],
);

export type Attachment = typeof attachments.$inferSelect;
export type NewAttachment = typeof attachments.$inferInsert;
export type AttachmentShare = typeof attachmentShares.$inferSelect;
export type NewAttachmentShare = typeof attachmentShares.$inferInsert;
