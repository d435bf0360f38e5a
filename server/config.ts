import { z } from "zod";

// The only reader of process.env. Validated once at start; a bad value stops the process with a
// message that names the variable.

/** "true"/"1" or "false"/"0"; unset (or empty) stays undefined so a default can depend on other settings. */
const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

/** A duration: "6h", "30m", "90s", "1d", "500ms", or a bare number of seconds; in milliseconds. */
const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(v);
      if (!match) {
        ctx.addIssue({ code: "custom", message: 'expected a duration such as "6h", "30m" or "90s"' });
        return z.NEVER;
      }
      const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] ?? "s"] ?? 1000;
      return Math.round(Number(match[1]) * unit);
    });

const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.url().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default(".data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** "json" or "pretty"; unset: pretty in development on a terminal, JSON everywhere else. */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  ROLE: z.enum(["web", "worker", "all"]).default("all"),
  /** /readyz reports not ready when no worker heartbeat is fresh; unset: on (main.ts), off for bare buildApp. */
  READYZ_REQUIRE_WORKER: bool,
  SEED_DEMO: bool,
  /** Serve the carrier simulator at /sim/dcsa in production too (it always runs outside production). */
  CARRIER_SIMULATOR: bool,
  /** Share of simulator answers that are transient 5xx errors, 0 to 1. */
  CARRIER_SIMULATOR_FAULT_RATE: z.coerce.number().min(0).max(1).default(0.02),
  /** "true", or the proxy addresses to trust (comma-separated), only behind a reverse proxy. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | string =>
      v === undefined || v === "" || v === "false" ? false : v === "true" ? true : v,
    ),
  AUTO_APPROVE_COMPANIES: bool,
  // Never empty: an empty value would resolve to the working directory and serve the checkout.
  CLIENT_DIST_DIR: z.string().min(1).default("dist/client"),
  NEWS_FILE: z.string().default("server/modules/news/news-list.json"),
  /** smtp://user:pass@host:port or smtps://…; unset keeps mail in the outbox (development). */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default("Tracking <no-reply@tracking.localhost>"),
  /** The provider's sales address: upgrade requests and API applications are sent there. */
  SALES_EMAIL: z.email().default("sales@tracking.localhost"),
  /** Stripe secret key; unset, card payment says it is not available and bank transfer still works. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Signing secret of the Stripe webhook endpoint (POST /stripe/webhook). */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe API is reached; set only to point at a local fake (tests, development). */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  GOOGLE_USERINFO_URL: z.url().default("https://openidconnect.googleapis.com/v1/userinfo"),
  /** The OAuth client id of this deployment: Google access tokens must have been issued to it (aud). */
  GOOGLE_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Where an access token's audience is read (Google's tokeninfo endpoint). */
  GOOGLE_TOKENINFO_URL: z.url().default("https://oauth2.googleapis.com/tokeninfo"),
  FIREBASE_JWKS_URL: z
    .url()
    .default("https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"),
  /** Firebase ID tokens: iss is https://securetoken.google.com/<project>, aud the project id. */
  FIREBASE_ISSUER: z.string().optional(),
  FIREBASE_AUDIENCE: z.string().optional(),
  /** Where Help and "Contact support" lead; unset: the built-in help page at /help/. */
  SUPPORT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The contact address the built-in help, terms and privacy pages give. */
  SUPPORT_EMAIL: z.email().default("support@tracking.example"),
  /** The terms of service and privacy policy (/legal/terms/, /legal/privacy/); unset: built-in pages. */
  TERMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  PRIVACY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Let GraphQL clients read the schema (__schema, __type); unset: on outside production, off in it. */
  GRAPHQL_INTROSPECTION: bool,
  /** GraphQL requests per minute per API token, counted in Postgres across every web process. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Hosts a Help redirect (GET /sso?redirectTo=) may lead to: the product's main, www and support hosts. */
  SSO_ALLOWED_HOSTS: z
    .string()
    .default("tracking.example,www.tracking.example,support.tracking.example")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** How often every active shipment is refreshed from its carrier. */
  REFRESH_INTERVAL: duration("6h"),
  /** Each next refresh is moved by up to this much either way, so the load spreads over time. */
  REFRESH_JITTER: duration("30m"),
  /** Failed refreshes in a row after which a shipment is marked failing (and, for a wrong number, archived). */
  REFRESH_FAILURE_THRESHOLD: z.coerce.number().int().min(1).default(3),
  /** Refresh jobs each worker runs at once per shipping line (CARRIER_<LINE>_CONCURRENCY overrides). */
  REFRESH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * Refresh jobs a worker fetches from a line's queue at once (CARRIER_<LINE>_BATCH_SIZE overrides):
   * one claim, one transaction and a dozen round trips a batch, so larger batches cost less a
   * refresh; the line's rate still paces each request (docs/decisions/0094-refresh-batch-size.md).
   */
  REFRESH_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(50),
  /** Carrier requests per minute per line across all workers, 0 for none (CARRIER_<LINE>_RATE_PER_MINUTE overrides). */
  REFRESH_RATE_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /**
   * 32 bytes (base64 or hex) that seal stored secrets (webhook signing secrets, port-community
   * credentials) and sign storage URLs. Required in production; elsewhere a fixed development key.
   */
  SECRETS_KEY: z.string().optional(),
  /** Let webhooks reach private and loopback addresses (local receivers in tests); refused in production. */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool,
  /** Base URL of the port-community (Cyberport) API; unset: the built-in simulator at APP_URL/sim/cyberport. */
  CYBERPORT_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where attachments live: "local" (DATA_DIR/attachments behind signed URLs) or "s3". */
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  /** The S3 (or S3-compatible) bucket; required with STORAGE_DRIVER=s3. */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  /** An S3-compatible endpoint (MinIO, R2…); unset: AWS. */
  S3_ENDPOINT: z.url().optional(),
  /** Unset: the AWS SDK's default credential chain (instance role, environment). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  /** Bearer token GET /metrics requires; unset: /metrics is open outside production and off (404) in it. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** "false" turns /metrics and the per-request metrics hook off whatever else is set. */
  METRICS_ENABLED: bool,
  /** A worker-only process (ROLE=worker) serves its /metrics on this port; unset: it serves none. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** OTLP/HTTP collector base URL (traces go to <url>/v1/traces); unset: tracing is off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("tracking"),
});

/** 32 bytes as 64 hex digits or base64, as server/core/secret-box.ts reads it. */
function isSecretsKey(raw: string): boolean {
  const trimmed = raw.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return true;
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) && Buffer.from(trimmed, "base64").length === 32;
}

// Without the key, production would start and then answer 500 wherever a secret is sealed or a
// storage address signed; it must not start at all.
const CheckedConfigSchema = ConfigSchema.superRefine((config, ctx) => {
  if (config.SECRETS_KEY !== undefined && config.SECRETS_KEY.trim() !== "") {
    if (!isSecretsKey(config.SECRETS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["SECRETS_KEY"],
        message: "must be 32 bytes, as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)",
      });
    }
  } else if (config.NODE_ENV === "production") {
    ctx.addIssue({
      code: "custom",
      path: ["SECRETS_KEY"],
      message: "is required in production: 32 random bytes, base64 or hex (e.g. `openssl rand -base64 32`)",
    });
  }
});

export type Config = z.infer<typeof ConfigSchema> & { APP_URL: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = CheckedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const merged = { ...parsed.data, ...overrides };
  return { ...merged, APP_URL: merged.APP_URL ?? `http://localhost:${merged.PORT}` };
}

/**
 * The public address for links in e-mails sent outside the web server (the admin CLI): read and
 * validated by the same loader, but never the localhost fallback, since that guess is only right
 * for a server running on the operator's own machine. Unset, it throws a message naming APP_URL.
 */
export function publicAppUrlForLinks(env: NodeJS.ProcessEnv = process.env): string {
  if (!env.APP_URL?.trim()) {
    throw new Error(
      "APP_URL is not set. This command e-mails links to the app: set APP_URL to the public address the server uses (e.g. APP_URL=https://tracking.example.com).",
    );
  }
  return loadConfig(env).APP_URL.replace(/\/+$/, "");
}

/** Raw environment for modules that read a family of variables (e.g. CARRIER_<LINE>_URL). */
export function envSnapshot(
  env: NodeJS.ProcessEnv = process.env,
): Readonly<Record<string, string | undefined>> {
  return { ...env };
}
