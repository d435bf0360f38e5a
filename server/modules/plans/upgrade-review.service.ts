import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { QUOTE_NUMBER_PREFIX, TERMINATION_NOTICE_DAYS } from "../../../shared/constants";
import { type ContractStatus, type Language, ROLE_IDS } from "../../../shared/enums";
import { translate } from "../../../shared/i18n";
import { UPGRADE_PLANS } from "../../../shared/schemas/upgrade";
import { AppError } from "../../core/app-error";
import { requireProvider } from "../../core/authz";
import { lockCompany } from "../../core/company-lock";
import type { ServiceContext } from "../../core/context";
import { loadStanding } from "../../core/standing";
import { auditLogs, type Contract, type UpgradeRequest, upgradeRequests, users } from "../../db/schema";
import { queueRenderedEmailsOnce } from "../mail/mail.internal";
import { PLANS_PATH } from "./checkout.service";
import type { PaymentSettings } from "./payment-provider";
import { applyContractStatus, bareQuoteNumber, createContractFor } from "./plans.internal";
import { renderPlansMail } from "./plans.mail";

// The provider's answer to a bank-transfer upgrade request (spec 02 §4: the form is submitted, the
// provider contacts the company, then the contract is upcoming, WAITING_CONTRACT, and later
// current). Accepting creates the upcoming contract with the terms the provider quoted, never the
// ones the customer typed; refusing tells the company why. Both run from the admin CLI, under the
// company's lock, so a request is decided once however many operators press Enter at the same
// time. See docs/decisions/0011-upgrade-acceptance.md.

export const AcceptUpgradeInput = z
  .object({
    plan: z.enum(UPGRADE_PLANS),
    startsAt: z.coerce.date(),
    /** Unset: the contract runs until terminated ('Current (auto update)'). */
    endsAt: z.coerce.date().optional(),
    maxTrackings: z.coerce.number().int().min(1),
    maxMembers: z.coerce.number().int().min(1),
    /** Unset: the quote the customer gave. */
    quoteNumber: z.string().trim().min(1).max(100).optional(),
  })
  .refine((v) => v.endsAt === undefined || v.endsAt > v.startsAt, {
    message: "--ends must be after --starts",
    path: ["endsAt"],
  });
export type AcceptUpgradeInput = z.input<typeof AcceptUpgradeInput>;

export const RefuseUpgradeInput = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: "a reason is required (it is e-mailed to the company)" })
    .max(2000),
});
export type RefuseUpgradeInput = z.input<typeof RefuseUpgradeInput>;

export interface UpgradeDecision {
  upgradeRequestId: string;
  companyId: string;
  companyName: string;
  status: "ACCEPTED" | "REJECTED";
  contractStatus: ContractStatus;
  /** The contract an acceptance created; null for a refusal. */
  contract: {
    id: string;
    plan: string;
    startsAt: string;
    endsAt: string;
    maxTrackings: number;
    maxMembers: number;
  } | null;
  /** How many of the company's Admins were e-mailed. */
  mailed: number;
}

type MailSettings = Pick<PaymentSettings, "salesEmail"> & { appUrl: string };

/** The request, re-read under its company's lock; still open, or refused with why not. */
async function lockOpenRequest(tx: ServiceContext, requestId: string): Promise<UpgradeRequest> {
  if (!z.uuid().safeParse(requestId).success)
    throw new AppError("UPGRADE_REQUEST_NOT_FOUND", { id: requestId });
  const [found] = await tx.db
    .select({ companyId: upgradeRequests.companyId })
    .from(upgradeRequests)
    .where(eq(upgradeRequests.id, requestId));
  if (!found) throw new AppError("UPGRADE_REQUEST_NOT_FOUND", { id: requestId });
  // The company's lock first, as the submission takes it: one order, no deadlock.
  await lockCompany(tx, found.companyId);
  const [request] = await tx.db
    .select()
    .from(upgradeRequests)
    .where(and(eq(upgradeRequests.id, requestId), eq(upgradeRequests.companyId, found.companyId)))
    .for("update");
  if (!request) throw new AppError("UPGRADE_REQUEST_NOT_FOUND", { id: requestId });
  if (request.status !== "SUBMITTED")
    throw new AppError("UPGRADE_REQUEST_DECIDED", { status: request.status });
  return request;
}

function longDate(at: Date, lang: Language): string {
  return new Intl.DateTimeFormat(lang === "ja" ? "ja-JP" : "en-US", {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(at);
}

/** The company's Admins, each in their own language; the request's work e-mail when it has none. */
async function companyRecipients(tx: ServiceContext, request: UpgradeRequest) {
  const admins = await tx.db
    .select({ email: users.email, nickname: users.nickname, language: users.language })
    .from(users)
    .where(and(eq(users.companyId, request.companyId), eq(users.roleId, ROLE_IDS.ADMIN)))
    .orderBy(users.email);
  if (admins.length > 0) return admins;
  return [{ email: request.workEmail, nickname: request.personInCharge, language: "en" as Language }];
}

async function mailDecision(
  tx: ServiceContext,
  settings: MailSettings,
  request: UpgradeRequest,
  kind: "accepted" | "refused",
  params: (lang: Language) => Record<string, string>,
): Promise<number> {
  const recipients = await companyRecipients(tx, request);
  const url = `${settings.appUrl.replace(/\/+$/, "")}${PLANS_PATH}`;
  return queueRenderedEmailsOnce(
    tx,
    recipients.map((r) =>
      renderPlansMail({
        kind,
        to: r.email,
        lang: r.language,
        name: r.nickname,
        companyId: request.companyId,
        dedupeKey: `upgrade:${request.id}:${kind}:${r.email.toLowerCase()}`,
        action: { labelKey: "openPlans", url },
        params: {
          companyName: request.companyName,
          plan: translate(r.language, `plans.planNames.${request.plan}`),
          quoteNumber: `${QUOTE_NUMBER_PREFIX}${request.quoteNumber}`,
          salesEmail: settings.salesEmail,
          notice: String(TERMINATION_NOTICE_DAYS),
          ...params(r.language),
        },
      }),
    ),
  );
}

/** Accepts a bank-transfer request with the quoted terms: the upcoming contract, WAITING_CONTRACT. */
export async function acceptUpgradeRequest(
  ctx: ServiceContext,
  settings: MailSettings,
  requestId: string,
  raw: AcceptUpgradeInput,
): Promise<UpgradeDecision> {
  const actor = requireProvider(ctx);
  const terms = AcceptUpgradeInput.parse(raw);
  return ctx.tx(async (tx) => {
    const request = await lockOpenRequest(tx, requestId);
    if (request.paymentMethod === "CARD") throw new AppError("UPGRADE_REQUEST_CARD");
    const now = tx.clock.now();
    if (terms.startsAt <= now) throw new AppError("UPGRADE_CONTRACT_START_PAST", { now: now.toISOString() });
    const standing = await loadStanding(tx.db, request.companyId, now);
    if ([standing.current, standing.upcoming].some((c) => c !== null && c.plan !== "FREE")) {
      throw new AppError("UPGRADE_ALREADY_CONTRACTED");
    }
    const contract: Contract = await createContractFor(tx, request, terms.startsAt, "BANK_TRANSFER", {
      plan: terms.plan,
      endsAt: terms.endsAt,
      maxTrackings: terms.maxTrackings,
      maxMembers: terms.maxMembers,
      quoteNumber: terms.quoteNumber ? bareQuoteNumber(terms.quoteNumber) : undefined,
    });
    await tx.db
      .update(upgradeRequests)
      .set({ status: "ACCEPTED", decidedAt: now, decidedBy: actor, contractId: contract.id, updatedAt: now })
      .where(eq(upgradeRequests.id, request.id));
    await tx.db.insert(auditLogs).values({
      actor,
      action: "company.upgradeAccepted",
      target: `company:${request.companyId}`,
      details: {
        upgradeRequestId: request.id,
        contractId: contract.id,
        plan: contract.plan,
        startsAt: contract.startsAt.toISOString(),
        endsAt: contract.endsAt.toISOString(),
        maxTrackings: contract.maxTrackings,
        maxMembers: contract.maxMembers,
      },
    });
    const after = await applyContractStatus(tx, request.companyId, actor);
    const mailed = await mailDecision(
      tx,
      settings,
      { ...request, plan: contract.plan },
      "accepted",
      (lang) => ({
        startsOn: longDate(contract.startsAt, lang),
        maxTrackings: String(contract.maxTrackings),
        maxMembers: String(contract.maxMembers),
      }),
    );
    return {
      upgradeRequestId: request.id,
      companyId: request.companyId,
      companyName: request.companyName,
      status: "ACCEPTED",
      contractStatus: after.contractStatus,
      contract: {
        id: contract.id,
        plan: contract.plan,
        startsAt: contract.startsAt.toISOString(),
        endsAt: contract.endsAt.toISOString(),
        maxTrackings: contract.maxTrackings,
        maxMembers: contract.maxMembers,
      },
      mailed,
    };
  });
}

/** Refuses an open request (bank transfer or an unpaid card one) and tells the company why. */
export async function refuseUpgradeRequest(
  ctx: ServiceContext,
  settings: MailSettings,
  requestId: string,
  raw: RefuseUpgradeInput,
): Promise<UpgradeDecision> {
  const actor = requireProvider(ctx);
  const { reason } = RefuseUpgradeInput.parse(raw);
  return ctx.tx(async (tx) => {
    const request = await lockOpenRequest(tx, requestId);
    const now = tx.clock.now();
    await tx.db
      .update(upgradeRequests)
      .set({ status: "REJECTED", decidedAt: now, decidedBy: actor, refusalReason: reason, updatedAt: now })
      .where(eq(upgradeRequests.id, request.id));
    await tx.db.insert(auditLogs).values({
      actor,
      action: "company.upgradeRefused",
      target: `company:${request.companyId}`,
      details: { upgradeRequestId: request.id },
    });
    const standing = await loadStanding(tx.db, request.companyId, now);
    const mailed = await mailDecision(tx, settings, request, "refused", () => ({ reason }));
    return {
      upgradeRequestId: request.id,
      companyId: request.companyId,
      companyName: request.companyName,
      status: "REJECTED",
      contractStatus: standing.contractStatus,
      contract: null,
      mailed,
    };
  });
}
