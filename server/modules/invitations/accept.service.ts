import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import { roleFromId } from "../../../shared/enums";
import type { AcceptPendingInvitationInput, InvitationTokenInput } from "../../../shared/schemas/invitations";
import { AppError } from "../../core/app-error";
import { requireVerifiedUser, type UserActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { companies, invitations, users } from "../../db/schema";
import { joinInvitedCompany } from "./invitations.internal";
import { acceptInvitation, describeInvitation } from "./invitations.service";
import { linkGuestInvitation } from "./redeem.internal";

// Invitations taken up after sign-in (docs/decisions/0061-invitations-after-sign-in.md): someone who signed in with Google, or
// already had an account, is not stranded without a company. The signed-in account proves the
// address (verified e-mail); a token proves it too, so the link and the pending list both work.

export interface PendingInvitation {
  id: string;
  companyName: string;
  role: string | null;
  invitationExpireAt: string;
}

export type AcceptedInvitation =
  | { kind: "member"; companyId: string; teamIds: string[] }
  | { kind: "guest"; companyId: string; teamId: string };

async function currentUser(ctx: ServiceContext, actor: UserActor) {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, companyId: users.companyId })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!user) throw new AppError("UNAUTHENTICATED");
  return user;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Member invitations addressed to the signed-in person that they can still accept: only while
 * they have no company (a person belongs to one company). Shown on the "no company" warning.
 */
export async function listPendingInvitations(ctx: ServiceContext): Promise<PendingInvitation[]> {
  const actor = requireVerifiedUser(ctx);
  const user = await currentUser(ctx, actor);
  if (user.companyId) return [];
  const rows = await ctx.db
    .select({
      id: invitations.id,
      roleId: invitations.roleId,
      invitationExpireAt: invitations.invitationExpireAt,
      companyName: companies.companyName,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(
      and(
        eq(sql`lower(${invitations.email})`, user.email.toLowerCase()),
        eq(invitations.invitationStatus, "INVITED"),
        gt(invitations.invitationExpireAt, ctx.clock.now()),
      ),
    )
    .orderBy(asc(invitations.createdAt));
  return rows.map((row) => ({
    id: row.id,
    companyName: row.companyName,
    role: roleFromId(row.roleId) ?? null,
    invitationExpireAt: row.invitationExpireAt.toISOString(),
  }));
}

/** One of the pending invitations above, by id: the same checks as the link, without the token. */
export async function acceptPendingInvitation(
  ctx: ServiceContext,
  input: z.output<typeof AcceptPendingInvitationInput>,
): Promise<AcceptedInvitation> {
  const actor = requireVerifiedUser(ctx);
  const user = await currentUser(ctx, actor);
  const [invitation] = await ctx.db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, input.invitationId),
        eq(sql`lower(${invitations.email})`, user.email.toLowerCase()),
        eq(invitations.invitationStatus, "INVITED"),
      ),
    );
  // Another person's invitation is as unknown as a wrong id.
  if (!invitation) throw new AppError("INVITATION_NOT_FOUND");
  if (invitation.invitationExpireAt.getTime() <= ctx.clock.now().getTime()) {
    throw new AppError("INVITATION_EXPIRED");
  }
  assertNoCompany(user);
  const joined = await joinInvitedCompany(ctx, invitation, user);
  ctx.log.info({ invitationId: invitation.id }, "member invitation accepted after sign-in");
  return { kind: "member", ...joined };
}

/** The link's invitation (member or guest), for the signed-in person it was sent to. */
export async function acceptInvitationByToken(
  ctx: ServiceContext,
  input: z.output<typeof InvitationTokenInput>,
): Promise<AcceptedInvitation> {
  const actor = requireVerifiedUser(ctx);
  const user = await currentUser(ctx, actor);
  const token = input.invitationToken;
  const view = await describeInvitation(ctx, token);
  if (!sameAddress(view.email, user.email)) {
    throw new AppError("INVITATION_EMAIL_MISMATCH", { email: view.email });
  }
  if (view.kind === "guest") {
    const linked = await linkGuestInvitation(ctx, token, user);
    ctx.log.info({ teamId: linked.teamId }, "guest invitation accepted after sign-in");
    return { kind: "guest", ...linked };
  }
  assertNoCompany(user);
  const joined = await acceptInvitation(ctx, token, user);
  ctx.log.info("member invitation accepted after sign-in");
  return { kind: "member", ...joined };
}

/** A person belongs to one company: an invitation to another cannot move them. */
function assertNoCompany(user: { companyId: string | null }) {
  if (user.companyId) throw new AppError("INVITATION_HAS_COMPANY");
}
