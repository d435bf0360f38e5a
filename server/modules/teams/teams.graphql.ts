import { AddTeamGuestInput, RemoveTeamGuestInput } from "../../../shared/schemas/invitations";
import {
  CreateTeamInput,
  RenameTeamInput,
  TeamIdInput,
  TeamMemberInput,
} from "../../../shared/schemas/teams";
import type { GraphqlContext, GraphqlModule } from "../../graphql/module";
import { appConfig, fieldsOf, once } from "../../graphql/support";
import {
  addTeamGuestUser,
  addUserToTeam,
  archiveTeam,
  deleteUserFromTeam,
  getTeam,
  listArchivedTeams,
  removeTeamGuestUser,
  renameTeam,
  unarchiveTeam,
} from "./teams.manage.service";
import { createTeam, joinTeam, leaveTeam, listCompanyTeams } from "./teams.service";

// Teams (spec 01 §7 team(teamId); spec 02 §3 Team, §7 the team operations). Lists and mutations
// answer a team by its id and a few fields; any other field asked for is read through the team
// page's own service (getTeam), so it is shown to exactly whom the team page is.

interface TeamParent {
  id: string;
  [field: string]: unknown;
}

/** getTeam's answer with the spec's names: a team user's createdAt is when they joined the team. */
async function teamDetail(ctx: GraphqlContext, teamId: string) {
  const team = await getTeam(ctx.service, teamId);
  return { ...team, users: team.users.map((u) => ({ ...u, createdAt: u.joinedAt })) };
}

const DETAIL_FIELDS = [
  "name",
  "color",
  "isArchived",
  "daysToArchiveAfterDelivery",
  "enableInitialEtd",
  "enableRequestedEtd",
  "enableInitialEta",
  "enableRequestedEta",
  "customField1Name",
  "customField2Name",
  "customField3Name",
  "customField1Enabled",
  "customField2Enabled",
  "customField3Enabled",
  "createdAt",
  "updatedAt",
  "users",
  "teamGuestUsers",
] as const;

function detailField(field: (typeof DETAIL_FIELDS)[number]) {
  return async (team: TeamParent, _args: unknown, ctx: GraphqlContext) => {
    if (team[field] !== undefined) return team[field];
    return (await once(team, "detail", () => teamDetail(ctx, team.id)))[field];
  };
}

const teamMember = (args: unknown) => TeamMemberInput.parse(args);

export const teamsGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    "A member of a team."
    type TeamUser {
      "The member's user id."
      id: ID!
      "The member's nickname."
      nickname: String!
      "The member's e-mail address."
      email: String!
      "When the person joined the team, an instant in UTC."
      createdAt: DateTime!
    }
    "A guest of a team: a person outside the company who sees the team's shared shipments (connect feature)."
    type TeamGuestUser {
      "The guest's id (not a user id)."
      id: ID!
      "The guest's e-mail address."
      email: String!
      "When the guest was added, an instant in UTC."
      createdAt: DateTime!
      "The team."
      teamId: ID!
    }
    """
    A team of the viewer's company (spec 02 §3). In a list (Company.teams, createTeam) a team carries
    its id, name, colour, joined and memberCount at once; any other field is read through the team
    page, open to the team's members and Admins (null with an error for others).
    """
    type Team {
      "The team's id."
      id: ID!
      "The team's name."
      name: String!
      "The team's colour (#rrggbb)."
      color: String
      "The company's name."
      companyName: String
      "Whether the team is archived."
      isArchived: Boolean
      "Days after delivery before the team's shipments are archived (at least 1)."
      daysToArchiveAfterDelivery: Int
      "Whether the first ETD the carrier gave is shown."
      enableInitialEtd: Boolean
      "Whether the requested ETD is shown."
      enableRequestedEtd: Boolean
      "Whether the first ETA the carrier gave is shown."
      enableInitialEta: Boolean
      "Whether the requested ETA is shown."
      enableRequestedEta: Boolean
      "The name of custom field 1; null when unnamed."
      customField1Name: String
      "The name of custom field 2; null when unnamed."
      customField2Name: String
      "The name of custom field 3; null when unnamed."
      customField3Name: String
      "Whether custom field 1 is in use."
      customField1Enabled: Boolean
      "Whether custom field 2 is in use."
      customField2Enabled: Boolean
      "Whether custom field 3 is in use."
      customField3Enabled: Boolean
      "When the team was created, an instant in UTC."
      createdAt: DateTime
      "When the team was last changed, an instant in UTC."
      updatedAt: DateTime
      "In the company's team list: whether the viewer belongs to the team."
      joined: Boolean
      "In the company's team list: how many members the team has."
      memberCount: Int
      "Active (not archived) shipments of the team; null for a team whose shipments the viewer does not see."
      shipmentCount: Int
      "The team's members."
      users: [TeamUser!]
      "Guests of the team (where the connect feature is on)."
      teamGuestUsers: [TeamGuestUser!]
    }
    extend type Company {
      "The active teams, marked joined for the viewer. Every member."
      teams: [Team!]
      "The archived teams. Admins and Managers; null with an error for other roles."
      archivedTeams: [Team!]
    }
    "A new team."
    input CreateTeamInput {
      "The team's name."
      name: String!
    }
    "A team's new name."
    input RenameTeamInput {
      "The team's new name."
      name: String!
    }
    "The state an archive or unarchive left the team in (archived teams have no members to read them)."
    type TeamArchiveState {
      "The team's id."
      id: ID!
      "Whether the team is archived now."
      isArchived: Boolean!
    }
    "Whether a person belongs to a team after joining or leaving."
    type TeamMembership {
      "The team's id."
      teamId: ID!
      "Whether the person belongs to it now."
      joined: Boolean!
    }
    "A member added to or removed from a team."
    type TeamUserChange {
      "The team's id."
      teamId: ID!
      "The member's user id."
      userId: ID!
    }
    extend type Query {
      "A team of the viewer's company: the viewer's own, or any for an Admin."
      team(
        "The team's id."
        teamId: ID!
      ): Team!
    }
    extend type Mutation {
      "Creates a team; the creator joins it. Admins."
      createTeam(
        "The team."
        input: CreateTeamInput!
      ): Team!
      "Joins a team oneself: an Admin, or a person in no team yet (onboarding)."
      joinTeam(
        "The viewer's own user id."
        userId: ID!
        "The team."
        teamId: ID!
      ): TeamMembership!
      "Leaves a team oneself."
      leaveTeam(
        "The viewer's own user id."
        userId: ID!
        "The team."
        teamId: ID!
      ): TeamMembership!
      "Renames a team. Admins, and Managers of the team."
      renameTeam(
        "The team."
        teamId: ID!
        "The new name."
        input: RenameTeamInput!
      ): Team!
      "Removes the team's members and archives its shipments. Admins, and Managers of the team."
      archiveTeam(
        "The team."
        teamId: ID!
      ): TeamArchiveState!
      "Restores the team to the list; neither members nor shipments come back. Admins, and Managers."
      unarchiveTeam(
        "The team."
        teamId: ID!
      ): TeamArchiveState!
      "Adds a member of the company to a team. Admins, and Managers of the team."
      addUserToTeam(
        "The member's user id."
        userId: ID!
        "The team."
        teamId: ID!
      ): TeamUserChange!
      "Removes a member from a team. Admins, and Managers of the team."
      deleteUserFromTeam(
        "The member's user id."
        userId: ID!
        "The team."
        teamId: ID!
      ): TeamUserChange!
      "Adds a guest from outside the company and e-mails them an invitation. Admins, and Managers of the team."
      addTeamGuestUser(
        "The team."
        teamId: ID!
        "The guest's e-mail address (not at the company's own domains)."
        email: String!
      ): TeamGuestUser!
      "Removes a guest from a team; returns the removed guest's id. Admins, and Managers of the team."
      removeTeamGuestUser(
        "The team."
        teamId: ID!
        "The guest's id (TeamGuestUser.id)."
        teamGuestUserId: ID!
      ): ID!
    }
  `,
  resolvers: {
    Query: {
      team: (_root, args, ctx) => teamDetail(ctx, TeamIdInput.parse(args).teamId),
    },
    Mutation: {
      createTeam: (_root, args: { input: unknown }, ctx) =>
        createTeam(ctx.service, CreateTeamInput.parse(args.input)),
      joinTeam: (_root, args, ctx) => joinTeam(ctx.service, teamMember(args)),
      leaveTeam: (_root, args, ctx) => leaveTeam(ctx.service, teamMember(args)),
      renameTeam: (_root, args, ctx) => renameTeam(ctx.service, RenameTeamInput.parse(args)),
      archiveTeam: (_root, args, ctx) => archiveTeam(ctx.service, TeamIdInput.parse(args).teamId),
      unarchiveTeam: (_root, args, ctx) => unarchiveTeam(ctx.service, TeamIdInput.parse(args).teamId),
      addUserToTeam: (_root, args, ctx) => addUserToTeam(ctx.service, teamMember(args)),
      deleteUserFromTeam: (_root, args, ctx) => deleteUserFromTeam(ctx.service, teamMember(args)),
      addTeamGuestUser: (_root, args, ctx) =>
        addTeamGuestUser(ctx.service, AddTeamGuestInput.parse(args), { appUrl: appConfig(ctx).APP_URL }),
      removeTeamGuestUser: async (_root, args, ctx) =>
        (await removeTeamGuestUser(ctx.service, RemoveTeamGuestInput.parse(args))).id,
    },
    Company: {
      teams: (_company, _args, ctx) => listCompanyTeams(ctx.service),
      archivedTeams: async (_company, _args, ctx) =>
        (await listArchivedTeams(ctx.service)).map((team) => ({ ...team, isArchived: true })),
    },
    Team: fieldsOf<TeamParent>({
      ...Object.fromEntries(DETAIL_FIELDS.map((field) => [field, detailField(field)])),
      // companyName of the viewer's own teams is the viewer's company's: server/modules/account.
    }),
  },
  // Team.shipmentCount counts shipments, so shipments' GraphQL resolves it (shipments sits above teams).
};
