import { and, eq, isNull } from "drizzle-orm";
import { isLegacyInvitationToken } from "../../../shared/schemas/invitations";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { companies, teamGuestUsers, teams } from "../../db/schema";
import { hashToken } from "../auth/tokens";
import { acceptInvitation, getInvitationByToken } from "./invitations.service";

// One invitation token, two kinds: a member invitation (invitations) or a guest invitation to a
// team (team_guest_users). The sign-up screen and the sign-up route take either.

async function findGuestInvitation(ctx: ServiceContext, token: string) {
  const [row] = await ctx.db
    .select({ guest: teamGuestUsers, teamName: teams.name, companyName: companies.companyName })
    .from(teamGuestUsers)
    .innerJoin(teams, eq(teams.id, teamGuestUsers.teamId))
    .innerJoin(companies, eq(companies.id, teamGuestUsers.companyId))
    .where(eq(teamGuestUsers.invitationTokenHash, hashToken(token.trim())));
  return row ?? null;
}

export type InvitationView =
  | { kind: "member"; email: string; companyName: string; role: string | null; invitationExpireAt: string }
  | { kind: "guest"; email: string; companyName: string; teamName: string };

/** What an invitation link shows before sign-up; the spec's messages for legacy, unknown and expired links. */
export async function describeInvitation(ctx: ServiceContext, token: string): Promise<InvitationView> {
  if (isLegacyInvitationToken(token)) throw new AppError("INVITATION_LEGACY");
  const guest = await findGuestInvitation(ctx, token);
  if (guest)
    return {
      kind: "guest",
      email: guest.guest.email,
      companyName: guest.companyName,
      teamName: guest.teamName,
    };
  const member = await getInvitationByToken(ctx, token);
  return { kind: "member", ...member, role: member.role ?? null };
}

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

/** Inside the sign-up transaction: joins the company (member) or links the guest to the team. */
export async function redeemInvitation(
  ctx: ServiceContext,
  token: string,
  user: { id: string; email: string },
) {
  const guest = await findGuestInvitation(ctx, token);
  if (!guest) return { kind: "member" as const, ...(await acceptInvitation(ctx, token, user)) };
  if (guest.guest.email.toLowerCase() !== user.email.trim().toLowerCase()) {
    throw new AppError("INVITATION_EMAIL_MISMATCH", { email: guest.guest.email });
  }
  await ctx.db
    .update(teamGuestUsers)
    .set({ userId: user.id })
    .where(and(eq(teamGuestUsers.id, guest.guest.id), isNull(teamGuestUsers.userId)));
  return { kind: "guest" as const, teamId: guest.guest.teamId };
}
