import { and, eq, sql } from "drizzle-orm";
import { AppError } from "../../core/app-error";
import { lockCompany } from "../../core/company-lock";
import type { ServiceContext } from "../../core/context";
import { invitations, teamMembers, users } from "../../db/schema";
import { assertSeatForInvitee } from "./invitation-guards";
import { invitationTeamIds } from "./invitations.queries";

/** The open invitation `invitation` (checked by the caller: open, for this user's address) is taken up. */
export async function joinInvitedCompany(
  ctx: ServiceContext,
  invitation: { id: string; companyId: string; roleId: string },
  user: { id: string },
) {
  return ctx.tx(async (tx) => {
    await lockCompany(tx, invitation.companyId);
    await assertSeatForInvitee(tx, invitation.companyId);
    const now = tx.clock.now();
    const [claimed] = await tx.db
      .update(invitations)
      .set({ invitationStatus: "JOINED", updatedAt: now })
      .where(and(eq(invitations.id, invitation.id), eq(invitations.invitationStatus, "INVITED")))
      .returning({ id: invitations.id });
    if (!claimed) throw new AppError("INVITATION_NOT_FOUND");
    await tx.db
      .update(users)
      .set({ companyId: invitation.companyId, roleId: invitation.roleId, updatedAt: now })
      .where(and(eq(users.id, user.id), sql`${users.companyId} is null`));
    const teamIds = await invitationTeamIds(tx.db, invitation.id);
    if (teamIds.length > 0) {
      await tx.db
        .insert(teamMembers)
        .values(teamIds.map((teamId) => ({ companyId: invitation.companyId, teamId, userId: user.id })))
        .onConflictDoNothing();
    }
    return { companyId: invitation.companyId, teamIds };
  });
}
