import { and, eq, isNull, or } from "drizzle-orm";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { teamGuestUsers } from "../../db/schema";
import { findUserByEmail } from "../auth/account.queries";
import { findGuestInvitationByToken } from "./invitations.queries";
import { acceptInvitation, describeInvitation, type InvitationView } from "./invitations.service";

// One invitation token, two kinds: a member invitation (invitations) or a guest invitation to a
// team (team_guest_users). The sign-up screen and the sign-up route take either.

/** Refuses a sign-up whose address is not the invited one, before any account is made. */
export async function assertInvitedEmail(
  ctx: ServiceContext,
  token: string,
  email: string,
): Promise<InvitationView> {
  const view = await describeInvitation(ctx, token);
  if (view.email.trim().toLowerCase() !== email.trim().toLowerCase()) {
    throw new AppError("INVITATION_EMAIL_MISMATCH", { email: view.email });
  }
  return view;
}

/**
 * Before an invited sign-up creates anything: the address must be the invited one, and must not
 * have an account already. An account made by Google sign-in (or any earlier sign-up) joins by
 * signing in and accepting (accept.service), so the invitation never sets a password on an
 * existing account: a leaked link must not take one over.
 */
export async function assertInvitedSignup(ctx: ServiceContext, token: string, email: string) {
  const view = await assertInvitedEmail(ctx, token, email);
  if (await findUserByEmail(ctx.db, email))
    throw new AppError("INVITATION_SIGN_IN_TO_ACCEPT", { email: view.email });
  return view;
}

/**
 * Links the guest invitation of `token` to the account it was sent to. Idempotent for that
 * account; a row another account took already is as unknown as a wrong token. A person is never
 * a guest of their own company (they see its teams as a member).
 */
export async function linkGuestInvitation(
  ctx: ServiceContext,
  token: string,
  user: { id: string; email: string; companyId?: string | null },
) {
  const guest = await findGuestInvitationByToken(ctx.db, token);
  if (!guest) throw new AppError("INVITATION_NOT_FOUND");
  if (guest.guest.email.toLowerCase() !== user.email.trim().toLowerCase()) {
    throw new AppError("INVITATION_EMAIL_MISMATCH", { email: guest.guest.email });
  }
  if (user.companyId && user.companyId === guest.guest.companyId) {
    throw new AppError("ALREADY_MEMBER", { email: guest.guest.email });
  }
  const [linked] = await ctx.db
    .update(teamGuestUsers)
    .set({ userId: user.id })
    .where(
      and(
        eq(teamGuestUsers.id, guest.guest.id),
        or(isNull(teamGuestUsers.userId), eq(teamGuestUsers.userId, user.id)),
      ),
    )
    .returning({ id: teamGuestUsers.id });
  if (!linked) throw new AppError("INVITATION_NOT_FOUND");
  return { companyId: guest.guest.companyId, teamId: guest.guest.teamId };
}

/** Inside the sign-up transaction: joins the company (member) or links the guest to the team. */
export async function redeemInvitation(
  ctx: ServiceContext,
  token: string,
  user: { id: string; email: string },
) {
  const guest = await findGuestInvitationByToken(ctx.db, token);
  if (!guest) return { kind: "member" as const, ...(await acceptInvitation(ctx, token, user)) };
  const linked = await linkGuestInvitation(ctx, token, user);
  return { kind: "guest" as const, teamId: linked.teamId };
}
