import { eq, inArray } from "drizzle-orm";
import type { ContractStatus } from "../../../shared/enums";
import { effectiveStanding } from "../../../shared/plan-standing";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { loadStanding } from "../../core/standing";
import type { Db } from "../../db/client";
import { auditLogs, type Contract, companies, contracts } from "../../db/schema";
import { requireSystem } from "../../core/authz";

// The stored contract status follows the contracts and the clock (shared/plan-standing decides).
// Every change of contracts stores it at once; the daily job catches what time alone changes: a
// trial's end (CHURN), an upcoming contract's start (ACTIVE), a contract's end.

const AUDIT_ACTION: Record<ContractStatus, string> = {
  CHURN: "company.trialEnded",
  ACTIVE: "company.contractStarted",
  WAITING_CONTRACT: "company.contractWaiting",
  IN_TRIAL: "company.trialResumed",
};

async function store(
  db: Db,
  companyId: string,
  from: ContractStatus,
  to: ContractStatus,
  actor: string,
  now: Date,
) {
  await db.update(companies).set({ contractStatus: to, updatedAt: now }).where(eq(companies.id, companyId));
  await db.insert(auditLogs).values({
    actor,
    action: AUDIT_ACTION[to],
    target: `company:${companyId}`,
    details: { previous: from, status: to },
  });
}

/** Recomputes and stores one company's status in the caller's transaction; returns it. */
export async function applyContractStatus(ctx: ServiceContext, companyId: string, actor: string) {
  const now = ctx.clock.now();
  const [company] = await ctx.db
    .select({ status: companies.contractStatus })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new AppError("NO_COMPANY");
  const standing = await loadStanding(ctx.db, companyId, now);
  if (standing.contractStatus !== company.status) {
    await store(ctx.db, companyId, company.status, standing.contractStatus, actor, now);
  }
  return standing;
}

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
        await store(tx.db, company.id, locked.status, standing.contractStatus, actor, now);
        return standing.contractStatus;
      });
      if (changed) changes[changed].push(company.id);
    }
  }
  return changes;
}
