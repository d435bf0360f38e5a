import { INVITE_MAX_EMAILS } from "../../../shared/constants";
import { AppError } from "../../core/app-error";
import { currentContractLimits } from "../../core/authz";
import { DAY_MS, HOUR_MS } from "../../core/clock";
import type { ServiceContext } from "../../core/context";
import { consumeRateLimit, type RateLimit } from "../../core/rate-limit";
import { countMembers, countOpenInvitations } from "./invitations.queries";

// The checks an invitation passes before its e-mail goes out or its invitee joins. Each runs in
// the caller's transaction after lockCompany, so parallel requests take turns (DESIGN rule 13).

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export const invitationLimits = {
  /**
   * E-mails to one address, from any company: an invitation and a few resends a day are plenty
   * for a person, and no mailbox can be flooded from here.
   */
  perRecipient: (email: string): RateLimit => ({
    key: `invitation:email:${email.trim().toLowerCase()}`,
    limit: 5,
    windowMs: DAY_MS,
    refusal: (seconds) =>
      new AppError("INVITATIONS_TO_ADDRESS_LIMITED", { email: email.trim(), minutes: minutes(seconds) }),
  }),
  /** All invitation e-mails of one company (member and guest): two full invite batches an hour. */
  perCompany: (companyId: string, emails: number): RateLimit => ({
    key: `invitation:company:${companyId}`,
    limit: 2 * INVITE_MAX_EMAILS,
    windowMs: HOUR_MS,
    weight: emails,
    refusal: (seconds) => new AppError("INVITATIONS_FROM_COMPANY_LIMITED", { minutes: minutes(seconds) }),
  }),
};

/**
 * Counts the e-mails about to be sent. Inside the transaction that sends them, so a refused or
 * failed request counts nothing; addresses in a fixed order, so two companies inviting the same
 * people lock the counters in the same order and never deadlock.
 */
export async function consumeInvitationQuota(ctx: ServiceContext, companyId: string, emails: string[]) {
  await consumeRateLimit(ctx, invitationLimits.perCompany(companyId, emails.length));
  const sorted = [...emails].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  for (const email of sorted) await consumeRateLimit(ctx, invitationLimits.perRecipient(email));
}

/** Seats: members plus open invitations may not pass the contract's maxMembers. */
export async function assertSeats(ctx: ServiceContext, companyId: string, adding: string[]) {
  const limits = await currentContractLimits(ctx, companyId);
  const now = ctx.clock.now();
  const taken =
    (await countMembers(ctx.db, companyId)) + (await countOpenInvitations(ctx.db, companyId, now, adding));
  if (taken + adding.length > limits.maxMembers) throw new AppError("MEMBER_LIMIT_REACHED");
}

/**
 * At acceptance the company may have filled up since the invitation was sent (a downgrade, other
 * invitees first): the invitee is told, and the invitation stays open for when a seat is free.
 */
export async function assertSeatForInvitee(ctx: ServiceContext, companyId: string) {
  const limits = await currentContractLimits(ctx, companyId);
  if ((await countMembers(ctx.db, companyId)) + 1 > limits.maxMembers) {
    throw new AppError("INVITATION_NO_SEAT");
  }
}
