import type { FastifyBaseLogger } from "fastify";
import { type Config, envSnapshot } from "../config";
import { storageFor } from "../modules/attachments/storage/storage";
import { createCarrierClient } from "../modules/carriers/carriers.client";
import { createCyberportRuntime } from "../modules/cyberport/cyberport.config";
import { createMailTransport } from "../modules/mail/mail.transport";
import { trackingSettings } from "../modules/tracking/tracking.config";
import { webhookRuntime } from "../modules/webhooks/webhooks.runtime";
import type { JobRuntime } from "./define";

/**
 * The adapters a worker's handlers use, built once per process from the configuration. Lines
 * without CARRIER_<LINE>_URL reach the built-in simulator at APP_URL, so a worker needs a web
 * process serving it there.
 */
export function createJobRuntime(
  config: Config,
  log: FastifyBaseLogger,
  env: Readonly<Record<string, string | undefined>> = envSnapshot(),
): JobRuntime {
  return {
    mail: createMailTransport(config, log),
    carriers: createCarrierClient({
      env,
      appUrl: config.APP_URL,
      simulatorAvailable: config.NODE_ENV !== "production" || config.CARRIER_SIMULATOR === true,
    }),
    tracking: trackingSettings(config, env),
    appUrl: config.APP_URL,
    storage: storageFor(config),
    cyberport: createCyberportRuntime(config),
    webhooks: webhookRuntime(config),
  };
}
