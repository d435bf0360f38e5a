import { ROLE_IDS } from "../../shared/enums";
import type { GraphqlCase } from "./graphql.types";
import { action } from "./procedures.types";

const teamMember = (field: string) => /* GraphQL */ `
  mutation($userId: ID!, $teamId: ID!) { m: ${field}(userId: $userId, teamId: $teamId) { teamId } }
`;

/**
 * The viewer, company, team, member, invitation and settings operations (spec 01 §7, spec 02 §7):
 * the same rules as their tRPC procedures in procedures.ts, since each calls the same service.
 */
export const ADMIN_OPERATIONS: Record<string, GraphqlCase> = {
  "Query.viewer": {
    rule: { kind: "signedIn" },
    query: "{ viewer { id email nickname role { id name } company { id companyName } } }",
  },
  "Query.viewerNullable": { rule: { kind: "public" }, query: "{ viewerNullable { id email } }" },
  "Query.team": {
    rule: action("team.view"),
    query: "query($teamId: ID!) { team(teamId: $teamId) { id name customField1Name users { id } } }",
    variables: (w) => ({ teamId: w.teams.A.id }),
  },
  "Mutation.updateUser": {
    rule: { kind: "signedIn" },
    query: 'mutation { updateUser(input: { nickname: "Renamed" }) { id nickname } }',
  },
  "Mutation.applyNotificationSettingsToExistingShipments": {
    rule: action("notifications.configureOwn"),
    query: "mutation { applyNotificationSettingsToExistingShipments { subscribed unsubscribed } }",
  },
  "Mutation.updateCompanySettings": {
    rule: action("company.settings"),
    query:
      "mutation { updateCompanySettings(input: { allowTrackingNumDuplication: true }) { allowTrackingNumDuplication } }",
  },
  "Mutation.deleteCompany": { rule: action("company.delete"), query: "mutation { deleteCompany }" },
  "Mutation.createTeam": {
    rule: action("team.create"),
    query: 'mutation { createTeam(input: { name: "New team" }) { id name } }',
  },
  "Mutation.joinTeam": {
    rule: action("team.join"),
    query: teamMember("joinTeam"),
    variables: (w, self) => ({ userId: self ?? w.target.id, teamId: w.teams.C.id }),
    // Every role of the world is already in teams A and B: only Admins join another by themselves.
    domainRefusal: "TEAM_JOIN_NOT_ALLOWED",
  },
  "Mutation.leaveTeam": {
    rule: action("team.leave"),
    query: teamMember("leaveTeam"),
    variables: (w, self) => ({ userId: self ?? w.target.id, teamId: w.teams.B.id }),
  },
  "Mutation.renameTeam": {
    rule: action("team.manage"),
    query: 'mutation($teamId: ID!) { renameTeam(teamId: $teamId, input: { name: "Renamed" }) { id name } }',
    variables: (w) => ({ teamId: w.teams.A.id }),
  },
  "Mutation.archiveTeam": {
    rule: action("team.manage"),
    query: "mutation($teamId: ID!) { archiveTeam(teamId: $teamId) { id isArchived } }",
    variables: (w) => ({ teamId: w.teams.B.id }),
  },
  "Mutation.unarchiveTeam": {
    rule: action("team.manage"),
    query: "mutation($teamId: ID!) { unarchiveTeam(teamId: $teamId) { id isArchived } }",
    variables: (w) => ({ teamId: w.teams.archived.id }),
  },
  "Mutation.addUserToTeam": {
    rule: action("team.addMember"),
    query: teamMember("addUserToTeam"),
    variables: (w) => ({ userId: w.target.id, teamId: w.teams.B.id }),
  },
  "Mutation.deleteUserFromTeam": {
    rule: action("team.removeMember"),
    query: teamMember("deleteUserFromTeam"),
    variables: (w) => ({ userId: w.target.id, teamId: w.teams.A.id }),
  },
  "Mutation.addTeamGuestUser": {
    rule: action("team.manage"),
    query:
      'mutation($teamId: ID!) { addTeamGuestUser(teamId: $teamId, email: "new-guest@partner.example") { id email } }',
    variables: (w) => ({ teamId: w.teams.A.id }),
  },
  "Mutation.removeTeamGuestUser": {
    rule: action("team.manage"),
    query: "mutation($teamId: ID!, $id: ID!) { removeTeamGuestUser(teamId: $teamId, teamGuestUserId: $id) }",
    variables: (w) => ({ teamId: w.teams.A.id, id: w.guest.id }),
  },
  "Mutation.deleteUserFromCompany": {
    rule: action("user.delete"),
    query: "mutation($userId: ID!) { deleteUserFromCompany(userId: $userId) }",
    variables: (w) => ({ userId: w.target.id }),
  },
  "Mutation.updateUserRole": {
    rule: action("user.changeRole"),
    query:
      "mutation($userId: ID!, $roleId: ID!) { updateUserRole(userId: $userId, input: { roleId: $roleId }) { id role { id } } }",
    variables: (w) => ({ userId: w.target.id, roleId: ROLE_IDS.MANAGER }),
  },
  "Mutation.inviteUsers": {
    rule: action("user.invite"),
    query:
      "mutation($emails: [String!]!, $roleId: ID!, $teamIds: [ID!]) { inviteUsers(emails: $emails, roleId: $roleId, teamIds: $teamIds) { id email } }",
    variables: (w) => ({
      emails: [`newcomer@${w.domain}`],
      roleId: ROLE_IDS.OPERATOR,
      teamIds: [w.teams.A.id],
    }),
  },
  "Mutation.resendInvitation": {
    rule: action("user.invite"),
    query: "mutation($email: String!) { resendInvitation(email: $email) { id email } }",
    variables: (w) => ({ email: w.invitation.email }),
  },
  "Mutation.deleteInvitation": {
    rule: action("user.invite"),
    query: "mutation($id: ID!) { deleteInvitation(invitationId: $id) }",
    variables: (w) => ({ id: w.invitation.id }),
  },
};
