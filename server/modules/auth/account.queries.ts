import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type NewUser, sessions, type User, users } from "../../db/schema";

// E-mail addresses are unique and looked up case-insensitively (the users_email_lower_unique index).

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user ?? null;
}

export async function findUserById(db: Db, id: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

/** The user row locked for the rest of the transaction, so two requests cannot both act on it. */
export async function lockUser(db: Db, id: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).for("update");
  return user ?? null;
}

/**
 * Every way an account is made comes through here, so each starts with its own address as the
 * notification address: an empty one would silently drop the e-mails the user is subscribed to.
 */
export async function insertUser(db: Db, row: NewUser): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({ ...row, notificationEmail: row.notificationEmail || row.email })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  return user;
}

export async function updateUser(db: Db, id: string, values: Partial<NewUser>): Promise<User | null> {
  const [user] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return user ?? null;
}

export async function findSession(db: Db, id: string) {
  const [session] = await db.select().from(sessions).where(eq(sessions.id, id));
  return session ?? null;
}

/** Postgres unique_violation on the given constraint or index (e.g. a racing second sign-up). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const cause = (err as { cause?: unknown })?.cause ?? err;
  const e = cause as { code?: string; constraint_name?: string; constraint?: string };
  return e?.code === "23505" && (e.constraint_name === constraint || e.constraint === constraint);
}
