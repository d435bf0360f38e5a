import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { type StorageOriginConfig, storageUploadOrigin } from "../modules/attachments/storage-origin";

// Google Identity Services (sign-in with Google) loads its script, styles and popup frame from
// this path only; Google documents exactly these CSP sources for it.
const GOOGLE_IDENTITY = "https://accounts.google.com/gsi/";
/** Firebase Authentication's REST API, which the console's Firebase sign-in calls when configured. */
const FIREBASE_AUTH = "https://identitytoolkit.googleapis.com";

/** Answers that hold personal data or session state: no browser or proxy may keep a copy. */
const PRIVATE_PREFIXES = ["/trpc", "/graphql", "/auth"];

/**
 * The Content-Security-Policy the console and the server-rendered pages (help, legal) pass.
 * Scripts: only our own files (Vite emits no inline script; the map's d3 chunk is a same-origin
 * import()). Styles allow 'unsafe-inline' because Radix's scroll lock injects a <style> element
 * at run time; with scripts, connections, forms and frames locked down, injected CSS has nothing
 * to exfiltrate to. Images: our own and data: URLs (the favicon, SVG icons).
 */
export function contentSecurityPolicy(
  config: Pick<Config, "APP_URL"> & Partial<Pick<Config, "FIREBASE_AUDIENCE"> & StorageOriginConfig>,
) {
  // Attachments are PUT straight to the bucket when S3 stores them.
  const storage = storageUploadOrigin(config);
  const https = new URL(config.APP_URL).protocol === "https:";
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'none'"],
      objectSrc: ["'none'"],
      scriptSrc: ["'self'", GOOGLE_IDENTITY],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'", GOOGLE_IDENTITY],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: [
        "'self'",
        GOOGLE_IDENTITY,
        ...(config.FIREBASE_AUDIENCE ? [FIREBASE_AUTH] : []),
        ...(storage ? [storage] : []),
      ],
      frameSrc: [GOOGLE_IDENTITY],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      // Only over https: on plain-http development hosts it would rewrite every request to https.
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/** Helmet's headers with our CSP, HSTS only on an https APP_URL, and no-store on API answers. */
export async function installSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, "APP_URL"> & Partial<Pick<Config, "FIREBASE_AUDIENCE"> & StorageOriginConfig>,
) {
  const https = new URL(config.APP_URL).protocol === "https:";
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: contentSecurityPolicy(config),
    // HSTS over plain http is ignored by browsers and would pin localhost to https when it is not.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Pages carry one-time tokens in their URLs (verification, reset): never leak them as referrers.
    referrerPolicy: { policy: "strict-origin" },
    frameguard: { action: "deny" },
    // Google's sign-in popup must be able to report back to its opener.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
  app.addHook("onSend", async (req, reply) => {
    const url = req.url;
    if (PRIVATE_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`))) {
      reply.header("cache-control", "no-store");
    }
  });
}
