import { and, count, desc, eq, gt, lte, min, sql } from "drizzle-orm";
import { z } from "zod";
import { PLANS, ROLE_IDS } from "../../../shared/enums";
import { requireProvider } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { auditLogs, companies, contracts, shipments, users } from "../../db/schema";
import { queueEmail } from "../mail/mail.internal";
import { applyContractStatus } from "../plans/plans.internal";
import { resolveCompany } from "../plans/provider.service";

// The provider's own operations (no screen in the spec): approving companies and setting
// contracts. Only the system actor started by the admin CLI may call them.

export async function listCompaniesForProvider(ctx: ServiceContext) {
  requireProvider(ctx);
  const now = ctx.clock.now();
  // Subqueries through the builder: raw sql`` column references are not table-qualified.
  const adminEmail = ctx.db
    .select({ email: min(users.email) })
    .from(users)
    .where(and(eq(users.companyId, companies.id), eq(users.roleId, ROLE_IDS.ADMIN)));
  const rows = await ctx.db
    .select({
      id: companies.id,
      companyName: companies.companyName,
      approvalState: companies.approvalState,
      contractStatus: companies.contractStatus,
      createdAt: companies.createdAt,
      members: ctx.db.$count(users, eq(users.companyId, companies.id)),
      shipments: ctx.db.$count(shipments, eq(shipments.companyId, companies.id)),
      adminEmail: sql<string | null>`(${adminEmail})`,
    })
    .from(companies)
    .orderBy(desc(companies.createdAt));
  const current = await ctx.db
    .select({ companyId: contracts.companyId, plan: contracts.plan, endsAt: contracts.endsAt })
    .from(contracts)
    .where(and(lte(contracts.startsAt, now), gt(contracts.endsAt, now)));
  const planOf = new Map(current.map((c) => [c.companyId, c]));
  return rows.map((r) => ({
    ...r,
    plan: planOf.get(r.id)?.plan ?? null,
    contractEndsAt: planOf.get(r.id)?.endsAt ?? null,
  }));
}

/**
 * Approves the company, and tells each of its Admins by e-mail in their own language (the Approval
 * Required screen promises it), in the same transaction. Approving an approved company again
 * changes and sends nothing.
 */
export async function approveCompany(ctx: ServiceContext, ref: string, options: { appUrl: string }) {
  const actor = requireProvider(ctx);
  return ctx.tx(async (tx) => {
    const company = await resolveCompany(tx, ref);
    if (company.approvalState === "APPROVED") return company;
    const now = tx.clock.now();
    const [updated] = await tx.db
      .update(companies)
      .set({ approvalState: "APPROVED", approvedAt: now, updatedAt: now })
      .where(eq(companies.id, company.id))
      .returning();
    await tx.db.insert(auditLogs).values({
      actor,
      action: "company.approve",
      target: `company:${company.id}`,
      details: { previous: company.approvalState },
    });
    const admins = await tx.db
      .select({ email: users.email, nickname: users.nickname, language: users.language })
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.roleId, ROLE_IDS.ADMIN)))
      .orderBy(users.email);
    const url = `${options.appUrl.replace(/\/+$/, "")}/app/console`;
    for (const admin of admins) {
      await queueEmail(tx, {
        to: admin.email,
        template: "companyApproved",
        params: { name: admin.nickname, companyName: company.companyName, url },
        lang: admin.language,
        companyId: company.id,
      });
    }
    return updated ?? company;
  });
}

export const SetContractInput = z
  .object({
    plan: z.enum(PLANS),
    startsAt: z.coerce.date(),
    endsAt: z.coerce.date(),
    maxTrackings: z.coerce.number().int().min(0),
    maxMembers: z.coerce.number().int().min(0),
  })
  .refine((v) => v.endsAt > v.startsAt, { message: "--ends must be after --starts", path: ["endsAt"] });
export type SetContractInput = z.infer<typeof SetContractInput>;

/** Records a contract; the company's status follows (upcoming: WAITING_CONTRACT, paid and current: ACTIVE). */
export async function setContract(ctx: ServiceContext, ref: string, input: SetContractInput) {
  const actor = requireProvider(ctx);
  const parsed = SetContractInput.parse(input);
  return ctx.tx(async (tx) => {
    const company = await resolveCompany(tx, ref);
    const [contract] = await tx.db
      .insert(contracts)
      .values({ companyId: company.id, ...parsed, paymentMethod: "UNKNOWN" })
      .returning();
    // The status follows the contracts (shared/plan-standing), as everywhere else.
    await applyContractStatus(tx, company.id, actor);
    await tx.db.insert(auditLogs).values({
      actor,
      action: "contract.set",
      target: `company:${company.id}`,
      details: { ...parsed, startsAt: parsed.startsAt.toISOString(), endsAt: parsed.endsAt.toISOString() },
    });
    const [{ total } = { total: 0 }] = await tx.db
      .select({ total: count() })
      .from(contracts)
      .where(eq(contracts.companyId, company.id));
    return { company, contract, contracts: total };
  });
}
