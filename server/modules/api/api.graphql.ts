import { UpdateWebhookUrlInput, WEBHOOK_DISABLED_REASONS } from "../../../shared/schemas/webhooks";
import { describedEnum } from "../../graphql/describe";
import type { GraphqlModule } from "../../graphql/module";
import { defaultWebhookRuntime } from "../webhooks/webhooks.runtime";
import { getWebhookSettings, updateWebhookUrl } from "../webhooks/webhooks.service";
import { getApiKey } from "./api-tokens.service";

// Spec 02 §7 "Fetch API key on demand; fetch webhook URL; update webhook input {webhookUrl}": the
// same service functions as the API settings page (apiSettings.key, webhooks.settings and
// webhooks.updateUrl), so the key is masked and the URL checked alike on every surface.

export const apiGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    "An API key as it may be shown after it was issued: masked, never the key itself."
    type ApiKey {
      "The prefix, dots and the key's last 4 characters, e.g. trk_••••••••••••Ab3x."
      maskedKey: String!
      "The key's last 4 characters."
      hint: String!
      "When the key was issued, an instant in UTC."
      createdAt: DateTime!
      "When the key was last used, an instant in UTC (recorded at most once a minute)."
      lastUsedAt: DateTime
    }
    ${describedEnum(
      "WebhookDisabledReason",
      "Why deliveries to the webhook stopped.",
      WEBHOOK_DISABLED_REASONS,
      {
        GONE: "The endpoint answered 410 Gone.",
        FAILING: "The endpoint kept failing for days.",
      },
    )}
    "The viewer's webhook: where events are posted, and whether deliveries are active."
    type WebhookSettings {
      "Null when no webhook URL is saved."
      webhookUrl: String
      "Whether events are delivered to it."
      enabled: Boolean!
      "When deliveries stopped (the endpoint answered 410 Gone, or kept failing for days)."
      disabledAt: DateTime
      "Why deliveries stopped; null while they are active."
      disabledReason: WebhookDisabledReason
    }
    "The viewer's new webhook."
    input UpdateWebhookInput {
      "An https:// address; an empty string removes the webhook."
      webhookUrl: String!
    }
    extend type User {
      "The viewer's webhook URL (Admins only); null when none is saved."
      webhookUrl: String
    }
    extend type Query {
      "The viewer's API key (Admin only), masked; null when none was generated."
      apiKey: ApiKey
      "The viewer's webhook settings (Admin only)."
      webhook: WebhookSettings!
    }
    extend type Mutation {
      "Saves the viewer's webhook URL (an empty string removes it); saving re-enables a stopped webhook."
      updateWebhook(
        "The new webhook URL."
        input: UpdateWebhookInput!
      ): WebhookSettings!
    }
  `,
  resolvers: {
    Query: {
      apiKey: (_root, _args, ctx) => getApiKey(ctx.service),
      webhook: async (_root, _args, ctx) => webhookView(await getWebhookSettings(ctx.service)),
    },
    Mutation: {
      updateWebhook: async (_root, args: { input: unknown }, ctx) =>
        webhookView(
          await updateWebhookUrl(
            ctx.service,
            UpdateWebhookUrlInput.parse(args.input),
            defaultWebhookRuntime(),
          ),
        ),
    },
    User: {
      webhookUrl: async (_user, _args, ctx) => (await getWebhookSettings(ctx.service)).url,
    },
  },
};

function webhookView(settings: Awaited<ReturnType<typeof getWebhookSettings>>) {
  return {
    webhookUrl: settings.url,
    enabled: settings.enabled,
    disabledAt: settings.disabledAt,
    disabledReason: settings.disabledReason,
  };
}
