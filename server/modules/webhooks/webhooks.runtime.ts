import { type Config, loadConfig } from "../../config";
import { createOutboundPolicy, type OutboundPolicy, type Resolver } from "../../core/outbound-http";
import { type SecretBox, secretBoxFor } from "../../core/secret-box";

// What webhook work needs from the deployment: the key that seals signing secrets and the rules
// for reaching customer URLs. Built from the configuration by the web app, the worker and tests.

export interface WebhookRuntime {
  secrets: SecretBox;
  outbound: OutboundPolicy;
}

type WebhookConfig = Pick<Config, "NODE_ENV" | "SECRETS_KEY" | "WEBHOOK_ALLOW_PRIVATE_TARGETS">;

const byConfig = new WeakMap<object, WebhookRuntime>();

export function webhookRuntime(config: WebhookConfig, options: { resolve?: Resolver } = {}): WebhookRuntime {
  const cached = options.resolve ? undefined : byConfig.get(config);
  if (cached) return cached;
  let secrets: SecretBox | undefined;
  const runtime: WebhookRuntime = {
    // Opened on first use: a process that never signs (a web process in a test) needs no key.
    get secrets() {
      secrets ??= secretBoxFor(config);
      return secrets;
    },
    outbound: createOutboundPolicy({
      nodeEnv: config.NODE_ENV,
      allowPrivateAddresses: config.WEBHOOK_ALLOW_PRIVATE_TARGETS === true,
      resolve: options.resolve,
    }),
  };
  if (!options.resolve) byConfig.set(config, runtime);
  return runtime;
}

let processDefault: WebhookRuntime | null = null;

/**
 * For surfaces whose context carries no configuration (GraphQL resolvers): the process's own
 * configuration, which is what the web app was started with.
 */
export function defaultWebhookRuntime(): WebhookRuntime {
  processDefault ??= webhookRuntime(loadConfig());
  return processDefault;
}
