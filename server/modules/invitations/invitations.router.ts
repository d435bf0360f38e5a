import {
  AcceptPendingInvitationInput,
  DeleteInvitationInput,
  InvitationTokenInput,
  InviteUsersInput,
  ResendInvitationInput,
} from "../../../shared/schemas/invitations";
import { router, serviceProcedure } from "../../trpc/init";
import { acceptInvitationByToken, acceptPendingInvitation, listPendingInvitations } from "./accept.service";
import {
  deleteInvitation,
  describeInvitation,
  inviteUsers,
  listInvitations,
  resendInvitation,
} from "./invitations.service";

export const invitationsRouter = router({
  list: serviceProcedure.query(({ ctx }) => listInvitations(ctx.service)),
  invite: serviceProcedure
    .input(InviteUsersInput)
    .mutation(({ ctx, input }) => inviteUsers(ctx.service, input, { appUrl: ctx.config.APP_URL })),
  resend: serviceProcedure
    .input(ResendInvitationInput)
    .mutation(({ ctx, input }) => resendInvitation(ctx.service, input, { appUrl: ctx.config.APP_URL })),
  delete: serviceProcedure
    .input(DeleteInvitationInput)
    .mutation(({ ctx, input }) => deleteInvitation(ctx.service, input)),
  byToken: serviceProcedure
    .input(InvitationTokenInput)
    .query(({ ctx, input }) => describeInvitation(ctx.service, input.invitationToken)),
  pending: serviceProcedure.query(({ ctx }) => listPendingInvitations(ctx.service)),
  accept: serviceProcedure
    .input(InvitationTokenInput)
    .mutation(({ ctx, input }) => acceptInvitationByToken(ctx.service, input)),
  acceptPending: serviceProcedure
    .input(AcceptPendingInvitationInput)
    .mutation(({ ctx, input }) => acceptPendingInvitation(ctx.service, input)),
});
