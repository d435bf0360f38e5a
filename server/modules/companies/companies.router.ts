import { CreateCompanyInput } from "../../../shared/schemas";
import { publicProcedure, router } from "../../trpc/init";
import { cancelTrial, createCompany } from "./companies.service";

export const companiesRouter = router({
  create: publicProcedure
    .input(CreateCompanyInput)
    .mutation(({ ctx, input }) =>
      createCompany(ctx.service, input, { autoApprove: ctx.config.AUTO_APPROVE_COMPANIES === true }),
    ),
  cancelTrial: publicProcedure.mutation(async ({ ctx }) => {
    await cancelTrial(ctx.service);
    return { ok: true as const };
  }),
});
