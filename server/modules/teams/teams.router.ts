import { CreateTeamInput, TeamMemberInput } from "../../../shared/schemas/teams";
import { publicProcedure, router } from "../../trpc/init";
import { createTeam, joinTeam, leaveTeam, listCompanyTeams } from "./teams.service";

export const teamsRouter = router({
  list: publicProcedure.query(({ ctx }) => listCompanyTeams(ctx.service)),
  create: publicProcedure.input(CreateTeamInput).mutation(({ ctx, input }) => createTeam(ctx.service, input)),
  join: publicProcedure.input(TeamMemberInput).mutation(({ ctx, input }) => joinTeam(ctx.service, input)),
  leave: publicProcedure.input(TeamMemberInput).mutation(({ ctx, input }) => leaveTeam(ctx.service, input)),
});
