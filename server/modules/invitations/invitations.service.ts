import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { INVITATION_VALID_DAYS } from "../../../shared/constants";
import { roleFromId } from "../../../shared/enums";
import type {
  DeleteInvitationInput,
  InviteUsersInput,
  ResendInvitationInput,
} from "../../../shared/schemas/invitations";
import { isLegacyInvitationToken } from "../../../shared/schemas/invitations";
import { AppError } from "../../core/app-error";
import { authorize, getActorCompany, type MemberActor } from "../../core/authz";
import { DAY_MS } from "../../core/clock";
import { lockCompany } from "../../core/company-lock";
import type { ServiceContext } from "../../core/context";
import { companies, invitations, invitationTeams, users } from "../../db/schema";
import { hashToken } from "../auth/tokens";
import { queueEmail } from "../mail/mail.internal";
import { assertSeats, consumeInvitationQuota } from "./invitation-guards";
import {
  allowedInvitationDomains,
  firstDisallowedEmail,
  invitationUrl,
  newInvitationToken,
} from "./invitation-rules";
import { joinInvitedCompany } from "./invitations.internal";
import {
  companyTeamIds,
  findGuestInvitationByToken,
  findInvitationByTokenHash,
  findOpenInvitationByEmail,
  findUsersByEmails,
  invitedTeams,
  listInvited,
} from "./invitations.queries";

interface Meta {
  appUrl: string;
}

async function sendInvitation(
  ctx: ServiceContext,
  actor: MemberActor,
  email: string,
  token: string,
  meta: Meta,
) {
  const company = await getActorCompany(ctx, actor.companyId);
  const [inviter] = await ctx.db
    .select({ nickname: users.nickname })
    .from(users)
    .where(eq(users.id, actor.userId));
  const expiresAt = new Date(ctx.clock.now().getTime() + INVITATION_VALID_DAYS * DAY_MS);
  await queueEmail(ctx, {
    to: email,
    template: "invitation",
    companyId: actor.companyId,
    params: {
      inviterName: inviter?.nickname ?? "",
      companyName: company.companyName,
      url: invitationUrl(meta.appUrl, token),
      expiresAt: expiresAt.toISOString().slice(0, 10),
    },
  });
}

/** Invites people by e-mail (spec 02 §5, §7): one open invitation per address, re-sent if open. */
export async function inviteUsers(ctx: ServiceContext, input: z.output<typeof InviteUsersInput>, meta: Meta) {
  const actor = await authorize(ctx, "user.invite");
  const company = await getActorCompany(ctx, actor.companyId);
  const bad = firstDisallowedEmail(input.emails, allowedInvitationDomains(company));
  if (bad)
    throw new AppError("INVITATION_DOMAIN_NOT_ALLOWED", {
      email: bad,
      domains: allowedInvitationDomains(company).join(", "),
    });
  const existing = await findUsersByEmails(ctx.db, input.emails);
  const member = existing.find((u) => u.companyId === actor.companyId);
  if (member) throw new AppError("ALREADY_MEMBER", { email: member.email });
  // Another company's member: refused without the reason, which is that company's business.
  const elsewhere = existing.find((u) => u.companyId !== null);
  if (elsewhere) throw new AppError("INVITATION_NOT_POSSIBLE", { email: elsewhere.email });
  const teamIds = await companyTeamIds(ctx.db, actor.companyId, input.teamIds);
  if (teamIds.length !== new Set(input.teamIds).size) throw new AppError("TEAM_NOT_FOUND");
  const now = ctx.clock.now();
  const expireAt = new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS);

  return ctx.tx(async (tx) => {
    await lockCompany(tx, actor.companyId);
    await assertSeats(tx, actor.companyId, input.emails);
    await consumeInvitationQuota(tx, actor.companyId, input.emails);
    const created: { id: string; email: string }[] = [];
    for (const email of input.emails) {
      const token = newInvitationToken();
      const open = await findOpenInvitationByEmail(tx.db, actor.companyId, email);
      const values = {
        roleId: input.roleId,
        invitationTokenHash: hashToken(token),
        invitationExpireAt: expireAt,
        invitedByUserId: actor.userId,
        updatedAt: now,
      };
      const [row] = open
        ? await tx.db.update(invitations).set(values).where(eq(invitations.id, open.id)).returning()
        : await tx.db
            .insert(invitations)
            .values({ ...values, companyId: actor.companyId, email })
            .returning();
      if (!row) throw new Error("invitation not written");
      await tx.db.delete(invitationTeams).where(eq(invitationTeams.invitationId, row.id));
      if (teamIds.length > 0) {
        await tx.db
          .insert(invitationTeams)
          .values(teamIds.map((teamId) => ({ invitationId: row.id, teamId })));
      }
      await sendInvitation(tx, actor, email, token, meta);
      created.push({ id: row.id, email: row.email });
    }
    return created;
  });
}

/** Pending invitations (INVITED only; JOINED are hidden), shown Pending or Expired by their date. */
export async function listInvitations(ctx: ServiceContext) {
  const actor = await authorize(ctx, "companyPage.view");
  const now = ctx.clock.now();
  const rows = await listInvited(ctx.db, actor.companyId);
  const teamsOf = await invitedTeams(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    roleId: row.roleId,
    invitationStatus: row.invitationStatus,
    invitationExpireAt: row.invitationExpireAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    teams: teamsOf.filter((t) => t.invitationId === row.id).map((t) => ({ id: t.teamId, name: t.name })),
    role: roleFromId(row.roleId) ?? null,
    displayStatus:
      row.invitationExpireAt.getTime() <= now.getTime() ? ("EXPIRED" as const) : ("PENDING" as const),
  }));
}

/** Only INVITED invitations can be resent: a new link, a new expiry, the old link void. */
export async function resendInvitation(
  ctx: ServiceContext,
  input: z.output<typeof ResendInvitationInput>,
  meta: Meta,
) {
  const actor = await authorize(ctx, "user.invite");
  const token = newInvitationToken();
  const now = ctx.clock.now();
  return ctx.tx(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const open = await findOpenInvitationByEmail(tx.db, actor.companyId, input.email);
    if (!open) throw new AppError("INVITATION_NOT_PENDING");
    // An expired invitation holds no seat: renewing it takes one again.
    await assertSeats(tx, actor.companyId, [open.email]);
    await consumeInvitationQuota(tx, actor.companyId, [open.email]);
    await tx.db
      .update(invitations)
      .set({
        invitationTokenHash: hashToken(token),
        invitationExpireAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS),
        updatedAt: now,
      })
      .where(eq(invitations.id, open.id));
    await sendInvitation(tx, actor, open.email, token, meta);
    return { id: open.id, email: open.email };
  });
}

export async function deleteInvitation(ctx: ServiceContext, input: z.output<typeof DeleteInvitationInput>) {
  const actor = await authorize(ctx, "user.invite");
  const removed = await ctx.db
    .delete(invitations)
    .where(
      and(
        eq(invitations.id, input.invitationId),
        eq(invitations.companyId, actor.companyId),
        eq(invitations.invitationStatus, "INVITED"),
      ),
    )
    .returning({ id: invitations.id });
  if (removed.length === 0) throw new AppError("INVITATION_NOT_PENDING");
  return { id: input.invitationId };
}

/**
 * What an invitation link shows before sign-up (anyone holding the token): the legacy, unknown and
 * expired cases answer with the spec's messages.
 */
export async function getInvitationByToken(ctx: ServiceContext, token: string) {
  const invitation = await openInvitationForToken(ctx, token);
  const [company] = await ctx.db
    .select({ companyName: companies.companyName })
    .from(companies)
    .where(eq(companies.id, invitation.companyId));
  return {
    email: invitation.email,
    companyName: company?.companyName ?? "",
    role: roleFromId(invitation.roleId) ?? null,
    invitationExpireAt: invitation.invitationExpireAt.toISOString(),
  };
}

async function openInvitationForToken(ctx: ServiceContext, token: string) {
  if (isLegacyInvitationToken(token)) throw new AppError("INVITATION_LEGACY");
  const invitation = await findInvitationByTokenHash(ctx.db, hashToken(token.trim()));
  if (invitation?.invitationStatus !== "INVITED") throw new AppError("INVITATION_NOT_FOUND");
  if (invitation.invitationExpireAt.getTime() <= ctx.clock.now().getTime())
    throw new AppError("INVITATION_EXPIRED");
  return invitation;
}

/**
 * Joins `userId` to the inviting company with the invited role and teams, and marks the invitation
 * JOINED. Called inside the sign-up (or sign-in) transaction of the invited person; the e-mail
 * must be the invited one.
 */
export async function acceptInvitation(
  ctx: ServiceContext,
  token: string,
  user: { id: string; email: string },
) {
  const invitation = await openInvitationForToken(ctx, token);
  if (invitation.email.toLowerCase() !== user.email.trim().toLowerCase()) {
    throw new AppError("INVITATION_EMAIL_MISMATCH", { email: invitation.email });
  }
  return joinInvitedCompany(ctx, invitation, user);
}

// One invitation token, two kinds: a member invitation (invitations) or a guest invitation to a
// team (team_guest_users). The sign-up screen and the sign-up route take either.
export type InvitationView =
  | { kind: "member"; email: string; companyName: string; role: string | null; invitationExpireAt: string }
  | { kind: "guest"; email: string; companyName: string; teamName: string };

/** What an invitation link shows before sign-up; the spec's messages for legacy, unknown and expired links. */
export async function describeInvitation(ctx: ServiceContext, token: string): Promise<InvitationView> {
  if (isLegacyInvitationToken(token)) throw new AppError("INVITATION_LEGACY");
  const guest = await findGuestInvitationByToken(ctx.db, token);
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
