import { AddTeamGuestInput, RemoveTeamGuestInput } from "../../../shared/schemas/invitations";
import {
  CreateTeamInput,
  RenameTeamInput,
  TeamIdInput,
  TeamMemberInput,
  UpdateCustomFieldSettingsInput,
  UpdateTeamSettingsInput,
} from "../../../shared/schemas/teams";
import { router, serviceProcedure } from "../../trpc/init";
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
  list: serviceProcedure.query(({ ctx }) => listCompanyTeams(ctx.service)),
  switcher: serviceProcedure.query(({ ctx }) => getTeamSwitcher(ctx.service)),
  archived: serviceProcedure.query(({ ctx }) => listArchivedTeams(ctx.service)),
  get: serviceProcedure.input(TeamIdInput).query(({ ctx, input }) => getTeam(ctx.service, input.teamId)),
  addableMembers: serviceProcedure
    .input(TeamIdInput)
    .query(({ ctx, input }) => listAddableMembers(ctx.service, input.teamId)),
  create: serviceProcedure
    .input(CreateTeamInput)
    .mutation(({ ctx, input }) => createTeam(ctx.service, input)),
  join: serviceProcedure.input(TeamMemberInput).mutation(({ ctx, input }) => joinTeam(ctx.service, input)),
  leave: serviceProcedure.input(TeamMemberInput).mutation(({ ctx, input }) => leaveTeam(ctx.service, input)),
  rename: serviceProcedure
    .input(RenameTeamInput)
    .mutation(({ ctx, input }) => renameTeam(ctx.service, input)),
  updateSettings: serviceProcedure
    .input(UpdateTeamSettingsInput)
    .mutation(({ ctx, input }) => updateTeamSettings(ctx.service, input)),
  updateCustomFields: serviceProcedure
    .input(UpdateCustomFieldSettingsInput)
    .mutation(({ ctx, input }) => updateCustomFieldSettings(ctx.service, input)),
  archive: serviceProcedure
    .input(TeamIdInput)
    .mutation(({ ctx, input }) => archiveTeam(ctx.service, input.teamId)),
  unarchive: serviceProcedure
    .input(TeamIdInput)
    .mutation(({ ctx, input }) => unarchiveTeam(ctx.service, input.teamId)),
  addUser: serviceProcedure
    .input(TeamMemberInput)
    .mutation(({ ctx, input }) => addUserToTeam(ctx.service, input)),
  deleteUser: serviceProcedure
    .input(TeamMemberInput)
    .mutation(({ ctx, input }) => deleteUserFromTeam(ctx.service, input)),
  addGuest: serviceProcedure
    .input(AddTeamGuestInput)
    .mutation(({ ctx, input }) => addTeamGuestUser(ctx.service, input, { appUrl: ctx.config.APP_URL })),
  removeGuest: serviceProcedure
    .input(RemoveTeamGuestInput)
    .mutation(({ ctx, input }) => removeTeamGuestUser(ctx.service, input)),
});
