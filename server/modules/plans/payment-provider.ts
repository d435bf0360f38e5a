import Stripe from "stripe";
import type { Config } from "../../config";

// The card-payment provider (Stripe) as the plans services need it. Built from the configuration
// once per app; without STRIPE_SECRET_KEY there is none and the card path says it is unavailable.

export interface PaymentSettings {
  stripe: Stripe | null;
  webhookSecret: string | null;
  salesEmail: string;
  appUrl: string;
}

const cache = new WeakMap<Config, PaymentSettings>();

export function paymentSettings(config: Config): PaymentSettings {
  const known = cache.get(config);
  if (known) return known;
  const stripe = config.STRIPE_SECRET_KEY
    ? new Stripe(config.STRIPE_SECRET_KEY, {
        ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
        ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
        ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
        // A payment the person is waiting for: fail within the REST budget of spec 02 §7, retry twice.
        timeout: 15_000,
        maxNetworkRetries: 2,
        telemetry: false,
      })
    : null;
  const settings: PaymentSettings = {
    stripe,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
    salesEmail: config.SALES_EMAIL,
    appUrl: config.APP_URL,
  };
  cache.set(config, settings);
  return settings;
}
