import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";

export async function findMfaUser(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      isEmailVerified: users.isEmailVerified,
      totpSecret: users.totpSecret,
      isMultiFactorEnabled: users.isMultiFactorEnabled,
      totpLastAcceptedStep: users.totpLastAcceptedStep,
      mfaFailedAttempts: users.mfaFailedAttempts,
      mfaLockedUntil: users.mfaLockedUntil,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
export type MfaUser = NonNullable<Awaited<ReturnType<typeof findMfaUser>>>;

/** A fresh pending secret; only while MFA is off, so an enabled secret is never replaced here. */
export async function storePendingSecret(db: Db, userId: string, secret: string, at: Date) {
  const updated = await db
    .update(users)
    .set({ totpSecret: secret, totpLastAcceptedStep: null, updatedAt: at })
    .where(and(eq(users.id, userId), eq(users.isMultiFactorEnabled, false)))
    .returning({ id: users.id });
  return updated.length > 0;
}

/**
 * Draws the first pending key only: a user who already has one (being scanned in another tab)
 * keeps it. Returns the key in force after the statement, whoever wrote it.
 */
export async function storePendingSecretIfNone(db: Db, userId: string, secret: string, at: Date) {
  await db
    .update(users)
    .set({ totpSecret: secret, totpLastAcceptedStep: null, updatedAt: at })
    .where(and(eq(users.id, userId), eq(users.isMultiFactorEnabled, false), isNull(users.totpSecret)));
  const [row] = await db
    .select({ secret: users.totpSecret, enabled: users.isMultiFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Counts one wrong code in one statement (so concurrent guesses cannot slip past the limit); the
 * attempt that reaches the limit sets the lock and starts the count again for after it.
 */
export async function recordMfaFailure(
  db: Db,
  userId: string,
  rule: { maxAttempts: number; lockedUntil: Date; at: Date },
) {
  const reachesLimit = sql`${users.mfaFailedAttempts} + 1 >= ${rule.maxAttempts}`;
  const [row] = await db
    .update(users)
    .set({
      mfaFailedAttempts: sql`case when ${reachesLimit} then 0 else ${users.mfaFailedAttempts} + 1 end`,
      mfaLockedUntil: sql`case when ${reachesLimit} then ${rule.lockedUntil.toISOString()}::timestamptz else ${users.mfaLockedUntil} end`,
      updatedAt: rule.at,
    })
    .where(eq(users.id, userId))
    .returning({ mfaLockedUntil: users.mfaLockedUntil });
  return row?.mfaLockedUntil ?? null;
}

export type MfaAcceptEffect = Partial<Pick<typeof users.$inferInsert, "isMultiFactorEnabled">>;

/**
 * Accepts a code's time step only when it is newer than the last accepted one, MFA is not locked
 * and the secret is still the one the code was checked against — in the statement that records it,
 * so two requests racing with one code cannot both win, and a secret replaced meanwhile (a second
 * enrolment tab) is never enabled. `extra` applies what the code authorised atomically with it.
 */
export async function acceptMfaStep(
  db: Db,
  user: { id: string; secret: string },
  step: number,
  at: Date,
  extra: MfaAcceptEffect = {},
) {
  const updated = await db
    .update(users)
    .set({
      totpLastAcceptedStep: step,
      mfaFailedAttempts: 0,
      mfaLockedUntil: null,
      updatedAt: at,
      ...extra,
    })
    .where(
      and(
        eq(users.id, user.id),
        eq(users.totpSecret, user.secret),
        or(isNull(users.totpLastAcceptedStep), lt(users.totpLastAcceptedStep, step)),
        or(isNull(users.mfaLockedUntil), lte(users.mfaLockedUntil, at)),
      ),
    )
    .returning({ id: users.id });
  return updated.length > 0;
}

/** MFA off: the secret and the counters go, so a later enrolment starts clean. */
export async function clearMfa(db: Db, userId: string, at: Date) {
  await db
    .update(users)
    .set({
      totpSecret: null,
      isMultiFactorEnabled: false,
      totpLastAcceptedStep: null,
      mfaFailedAttempts: 0,
      mfaLockedUntil: null,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
}
