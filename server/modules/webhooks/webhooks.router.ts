import {
  RedeliverWebhookInput,
  UpdateWebhookUrlInput,
  WebhookDeliveriesInput,
} from "../../../shared/schemas/webhooks";
import { router, serviceProcedure } from "../../trpc/init";
import { webhookRuntime } from "./webhooks.runtime";
import {
  getSigningSecret,
  getWebhookSettings,
  listWebhookDeliveries,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookUrl,
} from "./webhooks.service";

export const webhooksRouter = router({
  settings: serviceProcedure.query(({ ctx }) => getWebhookSettings(ctx.service)),
  updateUrl: serviceProcedure
    .input(UpdateWebhookUrlInput)
    .mutation(({ ctx, input }) => updateWebhookUrl(ctx.service, input, webhookRuntime(ctx.config))),
  signingSecret: serviceProcedure.query(({ ctx }) =>
    getSigningSecret(ctx.service, webhookRuntime(ctx.config)),
  ),
  rotateSecret: serviceProcedure.mutation(({ ctx }) =>
    rotateWebhookSecret(ctx.service, webhookRuntime(ctx.config)),
  ),
  sendTestEvent: serviceProcedure.mutation(({ ctx }) => sendTestEvent(ctx.service)),
  deliveries: serviceProcedure
    .input(WebhookDeliveriesInput)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.service, input)),
  redeliver: serviceProcedure
    .input(RedeliverWebhookInput)
    .mutation(({ ctx, input }) => redeliverWebhook(ctx.service, input)),
});
