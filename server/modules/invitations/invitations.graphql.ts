import { INVITATION_STATUSES } from "../../../shared/enums";
import {
  DeleteInvitationInput,
  InviteUsersInput,
  ResendInvitationInput,
} from "../../../shared/schemas/invitations";
import type { GraphqlModule } from "../../graphql/module";
import { appConfig, fieldsOf, roleView } from "../auth/graphql-support";
import { deleteInvitation, inviteUsers, listInvitations, resendInvitation } from "./invitations.service";

// Member invitations (spec 02 §3 UserInvitation, §5, §7). The invitation token is never shown: it
// is stored hashed and travels only in the e-mail to the invited address.

export const invitationsGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    enum InvitationStatus {
      ${INVITATION_STATUSES.join("\n")}
    }
    enum InvitationDisplayStatus {
      PENDING
      EXPIRED
    }
    type UserInvitation {
      id: ID!
      companyId: ID!
      email: String!
      invitationStatus: InvitationStatus!
      "Pending, or Expired once past invitationExpireAt."
      displayStatus: InvitationDisplayStatus!
      invitationExpireAt: DateTime!
      createdAt: DateTime!
      updatedAt: DateTime!
      role: Role
      teams: [Team!]!
    }
    extend type Company {
      "Open invitations; Admins and Managers (the Company and members page)."
      userInvitations: [UserInvitation!]
    }
    type InvitationSent {
      id: ID!
      email: String!
    }
    extend type Mutation {
      "Invites up to 100 addresses; Operator and Readonly need at least one team."
      inviteUsers(emails: [String!]!, roleId: ID!, teamIds: [ID!]): [InvitationSent!]!
      "A new link and expiry for an open invitation; the old link stops working."
      resendInvitation(email: String!): InvitationSent!
      "Returns the deleted invitation's id."
      deleteInvitation(invitationId: ID!): ID!
    }
  `,
  resolvers: {
    Mutation: {
      inviteUsers: (_root, args: { teamIds?: unknown }, ctx) =>
        inviteUsers(ctx.service, InviteUsersInput.parse({ ...args, teamIds: args.teamIds ?? undefined }), {
          appUrl: appConfig(ctx).APP_URL,
        }),
      resendInvitation: (_root, args, ctx) =>
        resendInvitation(ctx.service, ResendInvitationInput.parse(args), { appUrl: appConfig(ctx).APP_URL }),
      deleteInvitation: async (_root, args, ctx) =>
        (await deleteInvitation(ctx.service, DeleteInvitationInput.parse(args))).id,
    },
    Company: fieldsOf<{ id: string }>({
      userInvitations: async (company, _args, ctx) =>
        (await listInvitations(ctx.service)).map((invitation) => ({
          ...invitation,
          companyId: company.id,
          role: invitation.role ? roleView(ctx.service, invitation.role) : null,
        })),
    }),
  },
};
