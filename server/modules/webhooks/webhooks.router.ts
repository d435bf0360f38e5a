import {
  RedeliverWebhookInput,
  UpdateWebhookUrlInput,
  WebhookDeliveriesInput,
} from "../../../shared/schemas/webhooks";
import { publicProcedure, router } from "../../trpc/init";
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
  settings: publicProcedure.query(({ ctx }) => getWebhookSettings(ctx.service)),
  updateUrl: publicProcedure
    .input(UpdateWebhookUrlInput)
    .mutation(({ ctx, input }) => updateWebhookUrl(ctx.service, input, webhookRuntime(ctx.config))),
  signingSecret: publicProcedure.query(({ ctx }) =>
    getSigningSecret(ctx.service, webhookRuntime(ctx.config)),
  ),
  rotateSecret: publicProcedure.mutation(({ ctx }) =>
    rotateWebhookSecret(ctx.service, webhookRuntime(ctx.config)),
  ),
  sendTestEvent: publicProcedure.mutation(({ ctx }) => sendTestEvent(ctx.service)),
  deliveries: publicProcedure
    .input(WebhookDeliveriesInput)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.service, input)),
  redeliver: publicProcedure
    .input(RedeliverWebhookInput)
    .mutation(({ ctx, input }) => redeliverWebhook(ctx.service, input)),
});
