import type { GraphqlCase } from "./graphql.types";
import { action } from "./procedures.types";

/** The API settings operations' rules for the GraphQL authorization matrix (see graphql.ts). */
export const API_GRAPHQL: Record<string, GraphqlCase> = {
  "Query.apiKey": {
    rule: action("apiSettings.view"),
    query: "query { apiKey { maskedKey hint createdAt lastUsedAt } }",
  },
  "Query.webhook": {
    rule: action("apiSettings.view"),
    query: "query { webhook { webhookUrl enabled disabledAt disabledReason } }",
  },
  "Mutation.updateWebhook": {
    rule: action("apiSettings.manage"),
    query: "mutation ($input: UpdateWebhookInput!) { updateWebhook(input: $input) { webhookUrl enabled } }",
    // A public address literal: no DNS look-up, and not a private range the SSRF guard refuses.
    variables: () => ({ input: { webhookUrl: "https://93.184.215.14/tracking-hook" } }),
  },
};
