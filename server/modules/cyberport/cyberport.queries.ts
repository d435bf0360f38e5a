import { and, desc, eq, getTableColumns, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cyberportImports, teams, users } from "../../db/schema";

// Drizzle only; every query is scoped by the company.

export const RECENT_IMPORTS = 5;

export async function recentImports(db: Db, companyId: string, teamId: string, limit = RECENT_IMPORTS) {
  return db
    .select({ ...getTableColumns(cyberportImports), requestedByNickname: users.nickname })
    .from(cyberportImports)
    .leftJoin(users, eq(users.id, cyberportImports.requestedByUserId))
    .where(and(eq(cyberportImports.companyId, companyId), eq(cyberportImports.teamId, teamId)))
    .orderBy(desc(cyberportImports.createdAt), desc(cyberportImports.id))
    .limit(limit);
}

/** The team's row under a lock that serializes Trigger Import (and no insert referencing it waits). */
export async function lockTeam(db: Db, companyId: string, teamId: string) {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.companyId, companyId)))
    .for("no key update");
  return row ?? null;
}

export async function activeImports(db: Db, companyId: string, teamId: string) {
  return db
    .select()
    .from(cyberportImports)
    .where(
      and(
        eq(cyberportImports.companyId, companyId),
        eq(cyberportImports.teamId, teamId),
        inArray(cyberportImports.status, ["QUEUED", "RUNNING"]),
      ),
    );
}

/** The import's row under a lock: one worker at a time records a booking of it. */
export async function lockImport(db: Db, importId: string) {
  const [row] = await db
    .select()
    .from(cyberportImports)
    .where(eq(cyberportImports.id, importId))
    .for("update");
  return row ?? null;
}
