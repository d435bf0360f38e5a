import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiTokens, companies, users } from "../../db/schema";

// Drizzle only. Every read of a key is scoped by its user and company.

export async function findActiveToken(db: Db, scope: { userId: string; companyId: string }) {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, scope.userId),
        eq(apiTokens.companyId, scope.companyId),
        isNull(apiTokens.revokedAt),
      ),
    );
  return row ?? null;
}

/** Revokes the user's active key (there is at most one); returns how many were revoked. */
export async function revokeActiveTokens(
  db: Db,
  scope: { userId: string; companyId: string },
  at: Date,
): Promise<number> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(apiTokens.userId, scope.userId),
        eq(apiTokens.companyId, scope.companyId),
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning({ id: apiTokens.id });
  return rows.length;
}

export async function insertToken(
  db: Db,
  values: { companyId: string; userId: string; tokenHash: string; hint: string; createdAt: Date },
) {
  const [row] = await db.insert(apiTokens).values(values).returning();
  if (!row) throw new Error("api token not inserted");
  return row;
}

/** What authenticating a token needs, in one statement: the key, its user and the user's company. */
export async function findTokenForAuthentication(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      tokenCompanyId: apiTokens.companyId,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: users.id,
      email: users.email,
      userCompanyId: users.companyId,
      roleId: users.roleId,
      isEmailVerified: users.isEmailVerified,
      isApiEnabled: companies.isApiEnabled,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(companies, eq(companies.id, apiTokens.companyId))
    .where(eq(apiTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Records use at most once per `staleBefore` window, so a busy key does not write per request. */
export async function touchToken(db: Db, tokenId: string, at: Date, staleBefore: Date) {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: at })
    .where(
      and(eq(apiTokens.id, tokenId), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore))),
    );
}

/**
 * Serializes key changes of one user (generate, regenerate, revoke): NO KEY UPDATE conflicts with
 * itself but not with the KEY SHARE locks of rows that reference the user, so their other work
 * never waits on it.
 */
export async function lockTokenOwner(db: Db, userId: string, companyId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .for("no key update");
  return row ?? null;
}
