import { eq } from "drizzle-orm";
import { effectiveStanding, type Standing } from "../../shared/plan-standing";
import type { Db } from "../db/client";
import { type Contract, contracts } from "../db/schema";

// The server's loader for the one decision in shared/plan-standing: authorization, the viewer, the
// plans page and the daily status job all read the standing through here.

export type CompanyStanding = Standing<Contract>;

/** Every contract of the company, judged against `now`. A company has a handful, so all are read. */
export async function loadStanding(db: Db, companyId: string, now: Date): Promise<CompanyStanding> {
  const rows = await db.select().from(contracts).where(eq(contracts.companyId, companyId));
  return effectiveStanding(rows, now);
}
