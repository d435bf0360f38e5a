import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config";
import { type StorageOriginConfig, storageUploadOrigin } from "./storage-origin";

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

/**
 * Headers a browser applies only from a document's (or a worker's) own response: on a script or a
 * style sheet they do nothing, and sending them with each of a page's dozens of assets cost about a
 * kilobyte a request on a slow network (docs/decisions/0029-console-delivery.md). The console has no
 * worker scripts. What does apply to subresources stays: nosniff and the cross-origin resource
 * policy, and the referrer policy (a style sheet's own governs the requests it makes).
 */
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/** The built console's content-hashed files (server/static.ts): subresources only. */
const ASSETS_PREFIX = "/assets/";

type SecurityHeaderConfig = Pick<Config, "APP_URL"> &
  Partial<Pick<Config, "FIREBASE_AUDIENCE"> & StorageOriginConfig>;

/**
 * Helmet's headers with our CSP, HSTS only on an https APP_URL, as name → value. They depend on the
 * configuration only, so they are worked out once at start: helmet's middleware is run against a
 * recorder instead of a response (docs/decisions/0084-request-cost.md).
 */
export function securityHeaderValues(config: SecurityHeaderConfig): Record<string, string> {
  const https = new URL(config.APP_URL).protocol === "https:";
  const middleware = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    // HSTS over plain http is ignored by browsers and would pin localhost to https when it is not.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Pages carry one-time tokens in their URLs (verification, reset): never leak them as referrers.
    referrerPolicy: { policy: "strict-origin" },
    frameguard: { action: "deny" },
    // Google's sign-in popup must be able to report back to its opener.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** Whether an answer to `url` holds personal data or session state (PRIVATE_PREFIXES). */
function isPrivate(url: string) {
  return PRIVATE_PREFIXES.some(
    (p) => url.startsWith(p) && (url.length === p.length || "/?".includes(url[p.length] ?? "")),
  );
}

/**
 * Every answer carries the security headers (a content-hashed asset only those that apply to a
 * subresource), and API answers no-store. The values are computed once; per request this is two
 * synchronous hooks (an async one costs a promise and a turn of the microtask queue each).
 */
export function installSecurityHeaders(app: FastifyInstance, config: SecurityHeaderConfig) {
  const documentHeaders = securityHeaderValues(config);
  const assetHeaders = Object.fromEntries(
    Object.entries(documentHeaders).filter(([name]) => !DOCUMENT_ONLY_HEADERS.includes(name)),
  );
  app.addHook("onRequest", (req, reply, done) => {
    reply.headers(req.url.startsWith(ASSETS_PREFIX) ? assetHeaders : documentHeaders);
    done();
  });
  // In onSend, after the route: no-store wins over whatever a route set.
  app.addHook("onSend", (req, reply, payload, done) => {
    if (isPrivate(req.url)) reply.header("cache-control", "no-store");
    done(null, payload);
  });
}
