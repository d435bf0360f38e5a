import { CompleteCheckoutInput, UpgradeRequestInput } from "../../../shared/schemas/upgrade";
import { publicProcedure, router } from "../../trpc/init";
import { getApiApplication } from "./api-application.service";
import { completeCheckout, createBillingPortalUrl, createCheckoutUrl } from "./checkout.service";
import { paymentSettings } from "./payment-provider";
import { getPlansOverview, getUpgradeDefaults } from "./plans.service";
import { submitUpgradeRequest } from "./upgrade.service";

export const plansRouter = router({
  overview: publicProcedure.query(({ ctx }) => getPlansOverview(ctx.service, paymentSettings(ctx.config))),
  upgradeDefaults: publicProcedure.query(({ ctx }) =>
    getUpgradeDefaults(ctx.service, paymentSettings(ctx.config)),
  ),
  submitUpgradeRequest: publicProcedure
    .input(UpgradeRequestInput)
    .mutation(({ ctx, input }) => submitUpgradeRequest(ctx.service, paymentSettings(ctx.config), input)),
  createCheckoutUrl: publicProcedure.mutation(({ ctx }) =>
    createCheckoutUrl(ctx.service, paymentSettings(ctx.config)),
  ),
  completeCheckout: publicProcedure
    .input(CompleteCheckoutInput)
    .mutation(({ ctx, input }) =>
      completeCheckout(ctx.service, paymentSettings(ctx.config), input.sessionId),
    ),
  createBillingPortalUrl: publicProcedure.mutation(({ ctx }) =>
    createBillingPortalUrl(ctx.service, paymentSettings(ctx.config)),
  ),
  apiApplication: publicProcedure.query(({ ctx }) => getApiApplication(ctx.service)),
});
