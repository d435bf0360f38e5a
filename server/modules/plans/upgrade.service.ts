import { eq } from "drizzle-orm";
import { SALES_CONTACT_BUSINESS_DAYS, TERMINATION_NOTICE_DAYS } from "../../../shared/constants";
import type { ContractStatus, PaymentMethod } from "../../../shared/enums";
import { translate } from "../../../shared/i18n";
import { UpgradeRequestInput } from "../../../shared/schemas/upgrade";
import { AppError } from "../../core/app-error";
import { authorize } from "../../core/authz";
import { DAY_MS } from "../../core/clock";
import { lockCompany } from "../../core/company-lock";
import type { ServiceContext } from "../../core/context";
import { loadStanding } from "../../core/standing";
import {
  auditLogs,
  companies,
  formSubmissions,
  type UpgradeRequest,
  upgradeRequests,
  users,
} from "../../db/schema";
import { queueRenderedEmailsOnce } from "../mail/mail.internal";
import type { PaymentSettings } from "./payment-provider";
import { bareQuoteNumber, fileApiApplication } from "./plans.internal";
import { renderPlansMail } from "./plans.mail";
import { pendingBankUpgrade } from "./upgrade-requests.queries";

// The upgrade form's submission (spec 02 §2, §4, §5, §7): the form service's record (type
// Upgrade; the spec's client posts it first, here it is written in the same transaction so a
// refused request leaves no stray record), the upgrade request, the company's details as the form
// gave them, the API application when its box is ticked, and e-mails to the provider's sales
// address and the Admin. No contract comes of the submission itself: a bank transfer waits for the
// provider, who accepts it with the quoted terms (upgrade-review.service) or refuses it; a card
// upgrade gets its contract when the checkout completes (checkout.service).
// See docs/decisions/0011-upgrade-acceptance.md.

export interface UpgradeResult {
  upgradeRequestId: string;
  paymentMethod: PaymentMethod;
  contractStatus: ContractStatus;
  /** Whether the API application was filed with the request. */
  apiApplied: boolean;
}

function utcMidnight(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}

/** A date "in the past" everywhere on earth: before yesterday in UTC (UTC+14 is a day ahead at most). */
function isPastEverywhere(desiredStartDate: string, now: Date): boolean {
  const yesterday = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAY_MS);
  return utcMidnight(desiredStartDate).getTime() < yesterday.getTime();
}

export async function submitUpgradeRequest(
  ctx: ServiceContext,
  settings: Pick<PaymentSettings, "salesEmail">,
  raw: UpgradeRequestInput,
): Promise<UpgradeResult> {
  const actor = await authorize(ctx, "company.upgrade");
  const input = UpgradeRequestInput.parse(raw);
  const now = ctx.clock.now();
  if (isPastEverywhere(input.desiredStartDate, now)) throw new AppError("UPGRADE_START_DATE_PAST");
  const quoteNumber = bareQuoteNumber(input.quoteNumber);
  return ctx.tx(async (tx) => {
    // Under the company's lock: two submissions at once cannot both open a request.
    await lockCompany(tx, actor.companyId);
    const standing = await loadStanding(tx.db, actor.companyId, now);
    const paid = [standing.current, standing.upcoming].some((c) => c !== null && c.plan !== "FREE");
    if (paid) throw new AppError("UPGRADE_ALREADY_CONTRACTED");
    if (await pendingBankUpgrade(tx.db, actor.companyId)) {
      throw new AppError("UPGRADE_REQUEST_PENDING", { days: SALES_CONTACT_BUSINESS_DAYS });
    }
    const [request] = await tx.db
      .insert(upgradeRequests)
      .values({
        companyId: actor.companyId,
        requestedByUserId: actor.userId,
        ...input,
        quoteNumber,
        remarks: input.remarks ?? null,
        createdAt: now,
      })
      .returning();
    if (!request) throw new AppError("SOMETHING_FAILED");
    await tx.db.insert(formSubmissions).values({
      companyId: actor.companyId,
      submittedByUserId: actor.userId,
      type: "Upgrade",
      payload: { ...input, remarks: input.remarks ?? null },
    });
    // The form's company section is the company's record from now on (Plan and Payment shows it).
    await tx.db
      .update(companies)
      .set({
        companyName: input.companyName,
        companyAddress: input.companyAddress,
        phoneNumber: input.companyTel,
        personInCharge: input.personInCharge,
        workEmail: input.workEmail,
        emailForInvoice: input.emailForInvoice,
        updatedAt: now,
      })
      .where(eq(companies.id, actor.companyId));
    let apiApplied = false;
    if (input.isApiEnabled) {
      const [admin] = await tx.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, actor.userId));
      apiApplied = await fileApiApplication(tx, settings, {
        companyId: actor.companyId,
        userId: actor.userId,
        teamId: null,
        email: admin?.email ?? input.workEmail,
      });
    }
    await tx.db.insert(auditLogs).values({
      actor: `user:${actor.userId}`,
      action: "company.upgradeRequested",
      target: `company:${actor.companyId}`,
      details: { upgradeRequestId: request.id, plan: input.plan, paymentMethod: input.paymentMethod },
    });
    await mailUpgradeRequest(tx, settings, request, actor.userId);
    return {
      upgradeRequestId: request.id,
      paymentMethod: input.paymentMethod,
      contractStatus: standing.contractStatus,
      apiApplied,
    };
  });
}

async function mailUpgradeRequest(
  ctx: ServiceContext,
  settings: Pick<PaymentSettings, "salesEmail">,
  request: UpgradeRequest,
  userId: string,
) {
  const [admin] = await ctx.db
    .select({ email: users.email, nickname: users.nickname, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  const [company] = await ctx.db
    .select({ companyName: companies.companyName })
    .from(companies)
    .where(eq(companies.id, request.companyId));
  const paramsIn = (lang: "en" | "ja") => {
    const plan = translate(lang, `plans.planNames.${request.plan}`);
    return {
      companyName: company?.companyName ?? request.companyName,
      requestId: request.id,
      plan,
      paymentMethod: translate(lang, `plans.paymentMethods.${request.paymentMethod}`),
      contractPeriod: translate(lang, `plans.contractPeriods.${request.contractPeriod}`),
      quoteNumber: request.quoteNumber,
      desiredStartDate: request.desiredStartDate,
      maxTrackings: String(request.maxTrackings),
      maxMembers: String(request.maxMembers),
      api: translate(lang, request.isApiEnabled ? "plans.mail.yes" : "plans.mail.no"),
      personInCharge: request.personInCharge,
      workEmail: request.workEmail,
      companyTel: request.companyTel,
      emailForInvoice: request.emailForInvoice,
      companyAddress: request.companyAddress,
      remarks: request.remarks || translate(lang, "plans.mail.none"),
      days: String(SALES_CONTACT_BUSINESS_DAYS),
      notice: String(TERMINATION_NOTICE_DAYS),
    };
  };
  const messages = [
    renderPlansMail({
      kind: "sales",
      to: settings.salesEmail,
      lang: "en",
      companyId: request.companyId,
      dedupeKey: `upgrade:${request.id}:sales`,
      params: paramsIn("en"),
    }),
  ];
  if (admin) {
    messages.push(
      renderPlansMail({
        kind: "admin",
        to: admin.email,
        lang: admin.language,
        name: admin.nickname,
        companyId: request.companyId,
        dedupeKey: `upgrade:${request.id}:admin`,
        params: paramsIn(admin.language),
      }),
    );
  }
  await queueRenderedEmailsOnce(ctx, messages);
}
