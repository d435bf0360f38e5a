import { UpdateUserRoleInput, UserIdInput } from "../../../shared/schemas/company";
import { router, serviceProcedure } from "../../trpc/init";
import { deleteUserFromCompany, listMembers, updateUserRole } from "./members.service";

export const membersRouter = router({
  list: serviceProcedure.query(({ ctx }) => listMembers(ctx.service)),
  delete: serviceProcedure
    .input(UserIdInput)
    .mutation(({ ctx, input }) => deleteUserFromCompany(ctx.service, input)),
  updateRole: serviceProcedure
    .input(UpdateUserRoleInput)
    .mutation(({ ctx, input }) => updateUserRole(ctx.service, input)),
});
