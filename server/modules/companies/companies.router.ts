import { CreateCompanyInput } from "../../../shared/schemas";
import { UpdateCompanySettingsInput, UpdateInvitationDomainsInput } from "../../../shared/schemas/company";
import { publicProcedure, router } from "../../trpc/init";
import { cancelTrial, createCompany } from "./companies.service";
import {
  deleteCompany,
  getCompanySettings,
  updateCompanySettings,
  updateInvitationDomains,
} from "./settings.service";

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
  settings: publicProcedure.query(({ ctx }) => getCompanySettings(ctx.service)),
  updateSettings: publicProcedure
    .input(UpdateCompanySettingsInput)
    .mutation(({ ctx, input }) => updateCompanySettings(ctx.service, input)),
  updateInvitationDomains: publicProcedure
    .input(UpdateInvitationDomainsInput)
    .mutation(({ ctx, input }) => updateInvitationDomains(ctx.service, input)),
  delete: publicProcedure.mutation(({ ctx }) => deleteCompany(ctx.service)),
});
