import { AddTeamGuestInput, RemoveTeamGuestInput } from "../../../shared/schemas/invitations";
import {
  CreateTeamInput,
  RenameTeamInput,
  TeamIdInput,
  TeamMemberInput,
} from "../../../shared/schemas/teams";
import type { FieldLoader, GraphqlContext, GraphqlModule } from "../../graphql/module";
import { getViewer } from "../auth/account.service";
import { appConfig, fieldsOf, once } from "../auth/graphql-support";
import { teamShipmentCountsOf } from "../shipments/team-counts.loaders";
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
    type TeamUser {
      id: ID!
      nickname: String!
      email: String!
      "When the person joined the team."
      createdAt: DateTime!
    }
    type TeamGuestUser {
      id: ID!
      email: String!
      createdAt: DateTime!
      teamId: ID!
    }
    type Team {
      id: ID!
      name: String!
      color: String
      companyName: String
      isArchived: Boolean
      "Days after delivery before the team's shipments are archived (at least 1)."
      daysToArchiveAfterDelivery: Int
      enableInitialEtd: Boolean
      enableRequestedEtd: Boolean
      enableInitialEta: Boolean
      enableRequestedEta: Boolean
      customField1Name: String
      customField2Name: String
      customField3Name: String
      customField1Enabled: Boolean
      customField2Enabled: Boolean
      customField3Enabled: Boolean
      createdAt: DateTime
      updatedAt: DateTime
      "In the company's team list: whether the viewer belongs to the team, and its member count."
      joined: Boolean
      memberCount: Int
      "Active (not archived) shipments of the team; null for a team whose shipments the viewer does not see."
      shipmentCount: Int
      users: [TeamUser!]
      "Guests of the team (where the connect feature is on)."
      teamGuestUsers: [TeamGuestUser!]
    }
    extend type Company {
      "The active teams, marked joined for the viewer."
      teams: [Team!]
      "Admins and Managers."
      archivedTeams: [Team!]
    }
    input CreateTeamInput {
      name: String!
    }
    input RenameTeamInput {
      name: String!
    }
    "The state an archive or unarchive left the team in (archived teams have no members to read them)."
    type TeamArchiveState {
      id: ID!
      isArchived: Boolean!
    }
    type TeamMembership {
      teamId: ID!
      joined: Boolean!
    }
    type TeamUserChange {
      teamId: ID!
      userId: ID!
    }
    extend type Query {
      "A team of the viewer's company: the viewer's own, or any for an Admin."
      team(teamId: ID!): Team!
    }
    extend type Mutation {
      createTeam(input: CreateTeamInput!): Team!
      joinTeam(userId: ID!, teamId: ID!): TeamMembership!
      leaveTeam(userId: ID!, teamId: ID!): TeamMembership!
      renameTeam(teamId: ID!, input: RenameTeamInput!): Team!
      "Removes the team's members and archives its shipments."
      archiveTeam(teamId: ID!): TeamArchiveState!
      "Restores the team to the list; neither members nor shipments come back."
      unarchiveTeam(teamId: ID!): TeamArchiveState!
      addUserToTeam(userId: ID!, teamId: ID!): TeamUserChange!
      deleteUserFromTeam(userId: ID!, teamId: ID!): TeamUserChange!
      "Adds a guest from outside the company and e-mails them an invitation."
      addTeamGuestUser(teamId: ID!, email: String!): TeamGuestUser!
      "Returns the removed guest's id."
      removeTeamGuestUser(teamId: ID!, teamGuestUserId: ID!): ID!
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
      companyName: async (team, _args, ctx) => {
        if (typeof team.companyName === "string") return team.companyName;
        const viewer = await once(ctx.service, "viewer", () => getViewer(ctx.service));
        return viewer.company?.companyName ?? null;
      },
    }),
  },
  loaders: {
    Team: {
      shipmentCount: {
        key: (team) => team.id,
        batch: teamShipmentCountsOf,
        missing: null,
      } satisfies FieldLoader<TeamParent, number>,
    },
  },
};
