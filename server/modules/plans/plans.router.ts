import { CompleteCheckoutInput, UpgradeRequestInput } from "../../../shared/schemas/upgrade";
import { router, serviceProcedure } from "../../trpc/init";
import { getApiApplication } from "./api-application.service";
import { completeCheckout, createBillingPortalUrl, createCheckoutUrl } from "./checkout.service";
import { paymentSettings } from "./payment-provider";
import { getPlansOverview, getUpgradeDefaults } from "./plans.service";
import { submitUpgradeRequest } from "./upgrade.service";

export const plansRouter = router({
  overview: serviceProcedure.query(({ ctx }) => getPlansOverview(ctx.service, paymentSettings(ctx.config))),
  upgradeDefaults: serviceProcedure.query(({ ctx }) =>
    getUpgradeDefaults(ctx.service, paymentSettings(ctx.config)),
  ),
  submitUpgradeRequest: serviceProcedure
    .input(UpgradeRequestInput)
    .mutation(({ ctx, input }) => submitUpgradeRequest(ctx.service, paymentSettings(ctx.config), input)),
  createCheckoutUrl: serviceProcedure.mutation(({ ctx }) =>
    createCheckoutUrl(ctx.service, paymentSettings(ctx.config)),
  ),
  completeCheckout: serviceProcedure
    .input(CompleteCheckoutInput)
    .mutation(({ ctx, input }) =>
      completeCheckout(ctx.service, paymentSettings(ctx.config), input.sessionId),
    ),
  createBillingPortalUrl: serviceProcedure.mutation(({ ctx }) =>
    createBillingPortalUrl(ctx.service, paymentSettings(ctx.config)),
  ),
  apiApplication: serviceProcedure.query(({ ctx }) => getApiApplication(ctx.service)),
});
