import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { type User, userIdentities, users } from "../../../db/schema";

export async function findUserByIdentity(db: Db, provider: string, subject: string): Promise<User | null> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  return row?.user ?? null;
}

export async function insertIdentity(
  db: Db,
  row: { userId: string; provider: string; subject: string; email: string },
) {
  await db.insert(userIdentities).values(row);
}

/**
 * The provider proved the address, so the account is verified now; a password set before anyone
 * proved it is dropped, and its sessions with it, so whoever registered the address first cannot
 * keep a way into the owner's account (pre-hijacking).
 */
export async function claimUnverifiedAccount(db: Db, userId: string, at: Date): Promise<User> {
  const [user] = await db
    .update(users)
    .set({ isEmailVerified: true, passwordHash: null, updatedAt: at })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new Error("claimed account vanished");
  return user;
}
