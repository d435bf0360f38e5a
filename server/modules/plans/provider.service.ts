import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { QUOTE_NUMBER_PREFIX } from "../../../shared/constants";
import { PLANS, UPGRADE_REQUEST_STATUSES } from "../../../shared/enums";
import { contractPhase, isAutoRenewing } from "../../../shared/plan-standing";
import { AppError } from "../../core/app-error";
import { requireProvider } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import {
  apiApplicationRequests,
  auditLogs,
  companies,
  contracts,
  upgradeRequests,
  users,
} from "../../db/schema";
import { applyContractStatus, bareQuoteNumber } from "./plans.internal";

// The provider's plan operations for the admin CLI (no screen in the spec): list and modify
// contracts, list upgrade requests (upgrade-review.service answers them), approve API applications, set a company's features. resolveCompany checks that
// the actor is the admin CLI's system actor.

/**
 * A company named by its id, or by the e-mail of one of its users (case-insensitive). Here rather
 * than in companies because both modules' provider operations name companies this way, and plans
 * sits below companies (server/modules/README.md).
 */
export async function resolveCompany(ctx: ServiceContext, ref: string) {
  requireProvider(ctx);
  const byId = z.uuid().safeParse(ref).success
    ? await ctx.db.select().from(companies).where(eq(companies.id, ref))
    : await ctx.db
        .select({ company: companies })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(eq(sql`lower(${users.email})`, ref.trim().toLowerCase()))
        .then((rows) => rows.map((r) => r.company));
  const company = byId[0];
  if (!company) throw new AppError("NOT_FOUND");
  return company;
}

export const ModifyContractInput = z
  .object({
    plan: z.enum(PLANS).optional(),
    startsAt: z.coerce.date().optional(),
    endsAt: z.coerce.date().optional(),
    maxTrackings: z.coerce.number().int().min(0).optional(),
    maxMembers: z.coerce.number().int().min(0).optional(),
    quoteNumber: z.string().trim().min(1).max(100).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "nothing to change" });
export type ModifyContractInput = z.infer<typeof ModifyContractInput>;

/** Changes a contract (e.g. the end date on termination); the company's status follows. */
export async function modifyContract(ctx: ServiceContext, contractId: string, raw: ModifyContractInput) {
  const actor = requireProvider(ctx);
  const input = ModifyContractInput.parse(raw);
  if (!z.uuid().safeParse(contractId).success) throw new AppError("NOT_FOUND");
  return ctx.tx(async (tx) => {
    const [before] = await tx.db.select().from(contracts).where(eq(contracts.id, contractId)).for("update");
    if (!before) throw new AppError("NOT_FOUND");
    const startsAt = input.startsAt ?? before.startsAt;
    const endsAt = input.endsAt ?? before.endsAt;
    if (endsAt <= startsAt) throw new AppError("VALIDATION_FAILED");
    const [after] = await tx.db
      .update(contracts)
      .set({
        ...input,
        ...(input.quoteNumber ? { quoteNumber: bareQuoteNumber(input.quoteNumber) } : {}),
        updatedAt: tx.clock.now(),
      })
      .where(eq(contracts.id, contractId))
      .returning();
    await tx.db.insert(auditLogs).values({
      actor,
      action: "contract.modify",
      target: `company:${before.companyId}`,
      details: {
        contractId,
        ...input,
        startsAt: input.startsAt?.toISOString(),
        endsAt: input.endsAt?.toISOString(),
      },
    });
    const standing = await applyContractStatus(tx, before.companyId, actor);
    return { contract: after ?? before, contractStatus: standing.contractStatus };
  });
}

export async function listUpgradeRequests(ctx: ServiceContext, options: { status?: string } = {}) {
  requireProvider(ctx);
  const status = options.status ? z.enum(UPGRADE_REQUEST_STATUSES).parse(options.status) : undefined;
  const where: SQL[] = status ? [eq(upgradeRequests.status, status)] : [];
  const rows = await ctx.db
    .select({ request: upgradeRequests, companyName: companies.companyName })
    .from(upgradeRequests)
    .innerJoin(companies, eq(companies.id, upgradeRequests.companyId))
    .where(and(...where))
    .orderBy(desc(upgradeRequests.createdAt));
  return rows.map(({ request: r, companyName }) => ({
    id: r.id,
    companyId: r.companyId,
    companyName,
    plan: r.plan,
    paymentMethod: r.paymentMethod,
    contractPeriod: r.contractPeriod,
    desiredStartDate: r.desiredStartDate,
    quoteNumber: `MC-${r.quoteNumber}`,
    maxTrackings: r.maxTrackings,
    maxMembers: r.maxMembers,
    isApiEnabled: r.isApiEnabled,
    workEmail: r.workEmail,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    decidedBy: r.decidedBy,
    refusalReason: r.refusalReason,
    contractId: r.contractId,
  }));
}

/**
 * Every contract of one company (named by id or a user's e-mail), or of all companies: the ids
 * modify-contract takes, with the phase the company sees (Upcoming, Current, Past).
 */
export async function listContracts(ctx: ServiceContext, ref?: string) {
  requireProvider(ctx);
  const company = ref ? await resolveCompany(ctx, ref) : null;
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ contract: contracts, companyName: companies.companyName })
    .from(contracts)
    .innerJoin(companies, eq(companies.id, contracts.companyId))
    .where(company ? eq(contracts.companyId, company.id) : undefined)
    .orderBy(asc(companies.companyName), asc(contracts.companyId), asc(contracts.startsAt));
  return rows.map(({ contract: c, companyName }) => ({
    id: c.id,
    companyId: c.companyId,
    companyName,
    plan: c.plan,
    phase: contractPhase(c, now),
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    isAutoRenewing: isAutoRenewing(c),
    maxTrackings: c.maxTrackings,
    maxMembers: c.maxMembers,
    contractPeriod: c.contractPeriod,
    paymentMethod: c.paymentMethod,
    quoteNumber: c.quoteNumber ? `${QUOTE_NUMBER_PREFIX}${c.quoteNumber}` : null,
  }));
}

/** Approves the company's API use: the flag on, its waiting applications accepted. */
export async function approveApi(ctx: ServiceContext, ref: string) {
  const actor = requireProvider(ctx);
  return ctx.tx(async (tx) => {
    const company = await resolveCompany(tx, ref);
    await tx.db.update(companies).set({ isApiEnabled: true }).where(eq(companies.id, company.id));
    const accepted = await tx.db
      .update(apiApplicationRequests)
      .set({ status: "ACCEPTED" })
      .where(
        and(eq(apiApplicationRequests.companyId, company.id), eq(apiApplicationRequests.status, "SUBMITTED")),
      )
      .returning({ id: apiApplicationRequests.id });
    await tx.db.insert(auditLogs).values({
      actor,
      action: "company.apiApproved",
      target: `company:${company.id}`,
      details: { applications: accepted.length },
    });
    return { company, applications: accepted.length };
  });
}

export const FEATURE_COLUMNS = {
  connect: "isConnectEnabled",
  api: "isApiEnabled",
  "container-events": "isContainerEventEnabled",
} as const;
export type FeatureName = keyof typeof FEATURE_COLUMNS;

export async function setFeatures(
  ctx: ServiceContext,
  ref: string,
  features: Partial<Record<FeatureName, boolean>>,
) {
  const actor = requireProvider(ctx);
  const changes = Object.fromEntries(
    Object.entries(features)
      .filter(([, on]) => on !== undefined)
      .map(([name, on]) => [FEATURE_COLUMNS[name as FeatureName], on]),
  );
  if (Object.keys(changes).length === 0) throw new AppError("VALIDATION_FAILED");
  return ctx.tx(async (tx) => {
    const company = await resolveCompany(tx, ref);
    const [after] = await tx.db
      .update(companies)
      .set(changes)
      .where(eq(companies.id, company.id))
      .returning();
    await tx.db.insert(auditLogs).values({
      actor,
      action: "company.featuresSet",
      target: `company:${company.id}`,
      details: changes,
    });
    if (!after) throw new AppError("NOT_FOUND");
    return {
      companyName: after.companyName,
      isConnectEnabled: after.isConnectEnabled,
      isApiEnabled: after.isApiEnabled,
      isContainerEventEnabled: after.isContainerEventEnabled,
    };
  });
}
