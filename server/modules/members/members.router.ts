import { UpdateUserRoleInput, UserIdInput } from "../../../shared/schemas/company";
import { publicProcedure, router } from "../../trpc/init";
import { deleteUserFromCompany, listMembers, updateUserRole } from "./members.service";

export const membersRouter = router({
  list: publicProcedure.query(({ ctx }) => listMembers(ctx.service)),
  delete: publicProcedure
    .input(UserIdInput)
    .mutation(({ ctx, input }) => deleteUserFromCompany(ctx.service, input)),
  updateRole: publicProcedure
    .input(UpdateUserRoleInput)
    .mutation(({ ctx, input }) => updateUserRole(ctx.service, input)),
});
