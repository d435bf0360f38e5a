import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, id, timestamptz } from "./columns";
import { oneTimeTokenPurposeEnum } from "./enums";
import { users } from "./users";

/** A third-party account (Google, Firebase) that signs in as a user. */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    /** The provider's stable account id, never the e-mail (which the account owner can change). */
    subject: text().notNull(),
    email: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.provider, t.subject), index().on(t.userId)],
);

/**
 * A session token is "<id>.<secret>"; only the SHA-256 of the secret is kept so a leaked table
 * cannot be replayed, and finding the row by id leaves only the secret to compare in constant time.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    secretHash: bytea().notNull(),
    isMultiFactorVerified: boolean().notNull().default(false),
    createdAt: createdAt(),
    /** Moved forward at most periodically on use; sessions idle past the timeout are refused. */
    lastVerifiedAt: timestamptz().notNull().defaultNow(),
    /** Absolute end of the session, whatever its activity. */
    expiresAt: timestamptz().notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

/** E-mail verification and password reset links; the token itself is only ever in the e-mail. */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: id(),
    purpose: oneTimeTokenPurposeEnum().notNull(),
    tokenHash: text().notNull().unique("one_time_tokens_token_hash_unique"),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address the link was sent to: a verification is void once the user's e-mail changed. */
    email: text().notNull(),
    expiresAt: timestamptz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.purpose), index().on(t.expiresAt)],
);

/** Fixed-window counters kept in Postgres so every web process shares the same limits. */
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    key: text().primaryKey(),
    count: integer().notNull().default(0),
    windowStart: timestamptz().notNull().defaultNow(),
    resetAt: timestamptz().notNull(),
  },
  (t) => [index().on(t.resetAt), check("rate_limit_buckets_count_non_negative", sql`${t.count} >= 0`)],
);

/**
 * The pending session a sign-up with an already registered address gets: the same cookie, lifetime
 * and account view as a new address's unverified session, so the answer and what the cookie does
 * next do not tell registered addresses apart (docs/decisions/0017-signup-decoy-sessions.md). It
 * opens no account; its token is "<id>.<secret>" like a session's, with only the secret's hash kept.
 */
export const signupDecoys = pgTable(
  "signup_decoys",
  {
    id: text().primaryKey(),
    secretHash: bytea().notNull(),
    /** The id the sign-up answer gave the account that was not made. */
    accountId: uuid().notNull(),
    email: text().notNull(),
    displayName: text().notNull(),
    createdAt: createdAt(),
    lastVerifiedAt: timestamptz().notNull().defaultNow(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

export type SignupDecoy = typeof signupDecoys.$inferSelect;
export type UserIdentity = typeof userIdentities.$inferSelect;
export type NewUserIdentity = typeof userIdentities.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type OneTimeToken = typeof oneTimeTokens.$inferSelect;
export type NewOneTimeToken = typeof oneTimeTokens.$inferInsert;
export type RateLimitBucket = typeof rateLimitBuckets.$inferSelect;
