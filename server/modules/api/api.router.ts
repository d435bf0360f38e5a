import { router, serviceProcedure } from "../../trpc/init";
import { generateApiKey, getApiKey, getApiKeyStatus, revokeApiKey } from "./api-tokens.service";

/** The API key part of the API settings page (/app/console/api); the webhook part is webhooks.*. */
export const apiSettingsRouter = router({
  keyStatus: serviceProcedure.query(({ ctx }) =>
    getApiKeyStatus(ctx.service, { rateLimitPerMinute: ctx.config.API_RATE_LIMIT_PER_MINUTE }),
  ),
  /** "Show API Key": fetched on demand; the masked key, never the key. */
  key: serviceProcedure.query(({ ctx }) => getApiKey(ctx.service)),
  /** Generates the first key or replaces the current one; the answer holds the key, once. */
  generateKey: serviceProcedure.mutation(({ ctx }) => generateApiKey(ctx.service)),
  revokeKey: serviceProcedure.mutation(({ ctx }) => revokeApiKey(ctx.service)),
});
