import {
  AcceptPendingInvitationInput,
  DeleteInvitationInput,
  InvitationTokenInput,
  InviteUsersInput,
  ResendInvitationInput,
} from "../../../shared/schemas/invitations";
import { publicProcedure, router } from "../../trpc/init";
import { acceptInvitationByToken, acceptPendingInvitation, listPendingInvitations } from "./accept.service";
import { deleteInvitation, inviteUsers, listInvitations, resendInvitation } from "./invitations.service";
import { describeInvitation } from "./redeem.service";

export const invitationsRouter = router({
  list: publicProcedure.query(({ ctx }) => listInvitations(ctx.service)),
  invite: publicProcedure
    .input(InviteUsersInput)
    .mutation(({ ctx, input }) => inviteUsers(ctx.service, input, { appUrl: ctx.config.APP_URL })),
  resend: publicProcedure
    .input(ResendInvitationInput)
    .mutation(({ ctx, input }) => resendInvitation(ctx.service, input, { appUrl: ctx.config.APP_URL })),
  delete: publicProcedure
    .input(DeleteInvitationInput)
    .mutation(({ ctx, input }) => deleteInvitation(ctx.service, input)),
  byToken: publicProcedure
    .input(InvitationTokenInput)
    .query(({ ctx, input }) => describeInvitation(ctx.service, input.invitationToken)),
  pending: publicProcedure.query(({ ctx }) => listPendingInvitations(ctx.service)),
  accept: publicProcedure
    .input(InvitationTokenInput)
    .mutation(({ ctx, input }) => acceptInvitationByToken(ctx.service, input)),
  acceptPending: publicProcedure
    .input(AcceptPendingInvitationInput)
    .mutation(({ ctx, input }) => acceptPendingInvitation(ctx.service, input)),
});
