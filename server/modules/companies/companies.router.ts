import { CreateCompanyInput } from "../../../shared/schemas";
import { UpdateCompanySettingsInput, UpdateInvitationDomainsInput } from "../../../shared/schemas/company";
import { router, serviceProcedure } from "../../trpc/init";
import { cancelTrial, createCompany } from "./companies.service";
import {
  deleteCompany,
  getCompanySettings,
  updateCompanySettings,
  updateInvitationDomains,
} from "./settings.service";

export const companiesRouter = router({
  create: serviceProcedure
    .input(CreateCompanyInput)
    .mutation(({ ctx, input }) =>
      createCompany(ctx.service, input, { autoApprove: ctx.config.AUTO_APPROVE_COMPANIES === true }),
    ),
  cancelTrial: serviceProcedure.mutation(async ({ ctx }) => {
    await cancelTrial(ctx.service);
    return { ok: true as const };
  }),
  settings: serviceProcedure.query(({ ctx }) => getCompanySettings(ctx.service)),
  updateSettings: serviceProcedure
    .input(UpdateCompanySettingsInput)
    .mutation(({ ctx, input }) => updateCompanySettings(ctx.service, input)),
  updateInvitationDomains: serviceProcedure
    .input(UpdateInvitationDomainsInput)
    .mutation(({ ctx, input }) => updateInvitationDomains(ctx.service, input)),
  delete: serviceProcedure.mutation(({ ctx }) => deleteCompany(ctx.service)),
});
