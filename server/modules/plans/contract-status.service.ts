import { eq, inArray } from "drizzle-orm";
import type { ContractStatus } from "../../../shared/enums";
import { effectiveStanding } from "../../../shared/plan-standing";
import { requireSystem } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { loadStanding } from "../../core/standing";
import { type Contract, companies, contracts } from "../../db/schema";
import { storeContractStatus } from "./plans.internal";

export type StatusChanges = Record<ContractStatus, string[]>;

/** The daily pass over every company. Only the system actor runs it. */
export async function syncContractStatuses(ctx: ServiceContext, actor: string): Promise<StatusChanges> {
  requireSystem(ctx);
  const changes: StatusChanges = { IN_TRIAL: [], CHURN: [], WAITING_CONTRACT: [], ACTIVE: [] };
  const now = ctx.clock.now();
  const all = await ctx.db.select({ id: companies.id, status: companies.contractStatus }).from(companies);
  const BATCH = 500;
  for (let i = 0; i < all.length; i += BATCH) {
    const batch = all.slice(i, i + BATCH);
    const rows = await ctx.db
      .select()
      .from(contracts)
      .where(
        inArray(
          contracts.companyId,
          batch.map((c) => c.id),
        ),
      );
    const byCompany = new Map<string, Contract[]>();
    for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
    for (const company of batch) {
      const next = effectiveStanding(byCompany.get(company.id) ?? [], now).contractStatus;
      if (next === company.status) continue;
      // Each company in its own short transaction, re-read under its lock: a concurrent upgrade wins.
      const changed = await ctx.tx(async (tx) => {
        const [locked] = await tx.db
          .select({ status: companies.contractStatus })
          .from(companies)
          .where(eq(companies.id, company.id))
          .for("no key update");
        if (!locked) return null;
        const standing = await loadStanding(tx.db, company.id, now);
        if (standing.contractStatus === locked.status) return null;
        await storeContractStatus(tx.db, company.id, locked.status, standing.contractStatus, actor, now);
        return standing.contractStatus;
      });
      if (changed) changes[changed].push(company.id);
    }
  }
  return changes;
}
