import { INVITATION_STATUSES, ROLES, type Role } from "../../../shared/enums";
import {
  DeleteInvitationInput,
  InvitationTokenInput,
  InviteUsersInput,
  ResendInvitationInput,
} from "../../../shared/schemas/invitations";
import { AppError } from "../../core/app-error";
import { describedEnum } from "../../graphql/describe";
import type { GraphqlContext, GraphqlModule } from "../../graphql/module";
import { appConfig, fieldsOf, roleView } from "../../graphql/support";
import {
  deleteInvitation,
  describeInvitation,
  inviteUsers,
  listInvitations,
  resendInvitation,
} from "./invitations.service";

// Member invitations (spec 02 §3 UserInvitation, §5, §7), and what an invitation link shows before
// sign-up: a member invitation, or a guest invitation to a team (spec 02 §7 "invitation by token",
// "team guest user by token"; one token space, told apart by describeInvitation). The invitation
// token is never shown: it is stored hashed and travels only in the e-mail to the invited address.

const isRole = (value: string | null): value is Role => (ROLES as readonly (string | null)[]).includes(value);

/** The link's invitation, when it is of the asked kind; a token of the other kind is as unknown as a wrong one. */
async function invitationOfKind<K extends "member" | "guest">(ctx: GraphqlContext, args: unknown, kind: K) {
  const view = await describeInvitation(ctx.service, InvitationTokenInput.parse(args).invitationToken);
  if (view.kind !== kind) throw new AppError("INVITATION_NOT_FOUND");
  return view as Extract<typeof view, { kind: K }>;
}

export const invitationsGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${describedEnum("InvitationStatus", "Where a member invitation stands.", INVITATION_STATUSES, {
      INVITED: "Sent and not yet accepted.",
      JOINED: "Accepted: the person joined the company.",
    })}
    "How the Company and members page shows an open invitation."
    enum InvitationDisplayStatus {
      "The link still works."
      PENDING
      "Past invitationExpireAt: resend it for a new link."
      EXPIRED
    }
    "An open invitation to join the company as a member. Admins and Managers read them."
    type UserInvitation {
      "The invitation's id."
      id: ID!
      "The inviting company's id."
      companyId: ID!
      "The invited address."
      email: String!
      "Where the invitation stands."
      invitationStatus: InvitationStatus!
      "Pending, or Expired once past invitationExpireAt."
      displayStatus: InvitationDisplayStatus!
      "When the link stops working, an instant in UTC."
      invitationExpireAt: DateTime!
      "When it was sent, an instant in UTC."
      createdAt: DateTime!
      "When it was last changed (resent), an instant in UTC."
      updatedAt: DateTime!
      "The role the person will have."
      role: Role
      "The teams the person will join."
      teams: [Team!]!
    }
    extend type Company {
      "Open invitations; Admins and Managers (the Company and members page), null with an error for other roles."
      userInvitations: [UserInvitation!]
    }
    "An invitation that was sent."
    type InvitationSent {
      "The invitation's id."
      id: ID!
      "The invited address."
      email: String!
    }
    "What a member invitation link shows before sign-up."
    type InvitationPreview {
      "The invited address: the sign-up must use it."
      email: String!
      "The inviting company's name."
      companyName: String!
      "The role the person will have; null if the role is unknown."
      role: Role
      "When the link stops working, an instant in UTC."
      invitationExpireAt: DateTime!
    }
    "What a team guest invitation link shows before sign-up."
    type TeamGuestInvitationPreview {
      "The invited guest's address: the sign-up must use it."
      email: String!
      "The name of the company whose team invites the guest."
      companyName: String!
      "The team's name."
      teamName: String!
    }
    extend type Query {
      """
      The member invitation behind an invitation link. Anyone holding the token, signed in or not.
      Refused with INVITATION_NOT_FOUND (unknown, used, or a guest invitation), INVITATION_EXPIRED
      or INVITATION_LEGACY.
      """
      invitationByToken(
        "The token of the invitation e-mail's link."
        invitationToken: String!
      ): InvitationPreview!
      """
      The team guest invitation behind an invitation link. Anyone holding the token, signed in or
      not. Refused with INVITATION_NOT_FOUND (unknown, or a member invitation) or INVITATION_LEGACY.
      """
      teamGuestUserByToken(
        "The token of the guest invitation e-mail's link."
        invitationToken: String!
      ): TeamGuestInvitationPreview!
    }
    extend type Mutation {
      "Invites up to 100 addresses at the company's e-mail domains; Operator and Readonly need at least one team. Admins."
      inviteUsers(
        "The addresses to invite."
        emails: [String!]!
        "The role they will have (a fixed role id, see Role)."
        roleId: ID!
        "The teams they will join."
        teamIds: [ID!]
      ): [InvitationSent!]!
      "A new link and expiry for an open invitation; the old link stops working. Admins."
      resendInvitation(
        "The invited address."
        email: String!
      ): InvitationSent!
      "Deletes an open invitation; returns its id. Admins."
      deleteInvitation(
        "The invitation to delete."
        invitationId: ID!
      ): ID!
    }
  `,
  resolvers: {
    Query: {
      invitationByToken: async (_root, args, ctx) => {
        const view = await invitationOfKind(ctx, args, "member");
        return {
          email: view.email,
          companyName: view.companyName,
          role: isRole(view.role) ? roleView(ctx.service, view.role) : null,
          invitationExpireAt: view.invitationExpireAt,
        };
      },
      teamGuestUserByToken: (_root, args, ctx) => invitationOfKind(ctx, args, "guest"),
    },
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
