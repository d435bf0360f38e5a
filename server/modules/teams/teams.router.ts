import { AddTeamGuestInput, RemoveTeamGuestInput } from "../../../shared/schemas/invitations";
import {
  CreateTeamInput,
  RenameTeamInput,
  TeamIdInput,
  TeamMemberInput,
  UpdateCustomFieldSettingsInput,
  UpdateTeamSettingsInput,
} from "../../../shared/schemas/teams";
import { publicProcedure, router } from "../../trpc/init";
import { getTeamSwitcher } from "./switcher.service";
import {
  addTeamGuestUser,
  addUserToTeam,
  archiveTeam,
  deleteUserFromTeam,
  getTeam,
  listAddableMembers,
  listArchivedTeams,
  removeTeamGuestUser,
  renameTeam,
  unarchiveTeam,
  updateCustomFieldSettings,
  updateTeamSettings,
} from "./teams.manage.service";
import { createTeam, joinTeam, leaveTeam, listCompanyTeams } from "./teams.service";

export const teamsRouter = router({
  list: publicProcedure.query(({ ctx }) => listCompanyTeams(ctx.service)),
  switcher: publicProcedure.query(({ ctx }) => getTeamSwitcher(ctx.service)),
  archived: publicProcedure.query(({ ctx }) => listArchivedTeams(ctx.service)),
  get: publicProcedure.input(TeamIdInput).query(({ ctx, input }) => getTeam(ctx.service, input.teamId)),
  addableMembers: publicProcedure
    .input(TeamIdInput)
    .query(({ ctx, input }) => listAddableMembers(ctx.service, input.teamId)),
  create: publicProcedure.input(CreateTeamInput).mutation(({ ctx, input }) => createTeam(ctx.service, input)),
  join: publicProcedure.input(TeamMemberInput).mutation(({ ctx, input }) => joinTeam(ctx.service, input)),
  leave: publicProcedure.input(TeamMemberInput).mutation(({ ctx, input }) => leaveTeam(ctx.service, input)),
  rename: publicProcedure.input(RenameTeamInput).mutation(({ ctx, input }) => renameTeam(ctx.service, input)),
  updateSettings: publicProcedure
    .input(UpdateTeamSettingsInput)
    .mutation(({ ctx, input }) => updateTeamSettings(ctx.service, input)),
  updateCustomFields: publicProcedure
    .input(UpdateCustomFieldSettingsInput)
    .mutation(({ ctx, input }) => updateCustomFieldSettings(ctx.service, input)),
  archive: publicProcedure
    .input(TeamIdInput)
    .mutation(({ ctx, input }) => archiveTeam(ctx.service, input.teamId)),
  unarchive: publicProcedure
    .input(TeamIdInput)
    .mutation(({ ctx, input }) => unarchiveTeam(ctx.service, input.teamId)),
  addUser: publicProcedure
    .input(TeamMemberInput)
    .mutation(({ ctx, input }) => addUserToTeam(ctx.service, input)),
  deleteUser: publicProcedure
    .input(TeamMemberInput)
    .mutation(({ ctx, input }) => deleteUserFromTeam(ctx.service, input)),
  addGuest: publicProcedure
    .input(AddTeamGuestInput)
    .mutation(({ ctx, input }) => addTeamGuestUser(ctx.service, input, { appUrl: ctx.config.APP_URL })),
  removeGuest: publicProcedure
    .input(RemoveTeamGuestInput)
    .mutation(({ ctx, input }) => removeTeamGuestUser(ctx.service, input)),
});
