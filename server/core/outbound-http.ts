import { promises as dns, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

// Every request to a URL a customer chose (webhooks) goes through here. A customer URL must not
// become a way into our own network: only https in production, and every address the host
// resolves to is checked when the socket connects (a name that resolved to a public address when
// the URL was saved may resolve to 127.0.0.1 now). Redirects are never followed, the whole
// exchange is bounded in time, and only the first bytes of the answer are read.

export type OutboundRefusal =
  | "INVALID_URL"
  | "HTTPS_REQUIRED"
  | "CREDENTIALS_IN_URL"
  | "PRIVATE_ADDRESS"
  | "HOST_NOT_FOUND";

/** A request the guard refused before anything was sent. */
export class OutboundRefused extends Error {
  constructor(readonly reason: OutboundRefusal) {
    super(`outbound request refused: ${reason}`);
    this.name = "OutboundRefused";
  }
}

/** A request that was sent (or tried) and failed without an HTTP answer. */
export class OutboundFailed extends Error {
  constructor(readonly reason: "TIMEOUT" | "CONNECTION_FAILED") {
    super(`outbound request failed: ${reason}`);
    this.name = "OutboundFailed";
  }
}

export type Resolver = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export interface OutboundPolicy {
  /** Production: https only, and private addresses can never be allowed. */
  production: boolean;
  /** Tests and local development only (a receiver on 127.0.0.1); refused in production. */
  allowPrivateAddresses: boolean;
  /** How host names are resolved (tests inject one); default: the system resolver. */
  resolve?: Resolver;
  /** Total time for connect, request and the answer's first bytes (default 15 s). */
  timeoutMs?: number;
}

export const OUTBOUND_TIMEOUT_MS = 15_000;
/** How much of an answer is kept: enough to tell an error page from a JSON error. */
export const EXCERPT_CHARS = 200;
const EXCERPT_BYTES = EXCERPT_CHARS * 4;

export function createOutboundPolicy(options: {
  nodeEnv: "development" | "production" | "test";
  allowPrivateAddresses?: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
}): OutboundPolicy {
  const production = options.nodeEnv === "production";
  if (production && options.allowPrivateAddresses) {
    throw new Error("private outbound addresses cannot be allowed in production");
  }
  return {
    production,
    allowPrivateAddresses: options.allowPrivateAddresses ?? false,
    resolve: options.resolve,
    timeoutMs: options.timeoutMs,
  };
}

function privateAllowed(policy: OutboundPolicy): boolean {
  // A policy built by hand cannot open the private ranges in production either.
  return policy.allowPrivateAddresses && !policy.production;
}

/** IPv4-compatible IPv6 (::a.b.c.d, deprecated) reaches IPv4 hosts on some stacks. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR("::/96");
const METADATA = [ipaddr.parse("169.254.169.254"), ipaddr.parse("fd00:ec2::254")];

/**
 * Whether an address is outside the public unicast internet: private, loopback, link-local,
 * CGNAT, unique-local, multicast, unspecified, reserved, cloud metadata, and IPv6 forms that
 * embed an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo).
 */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return true;
  const parsed = ipaddr.process(bare);
  if (METADATA.some((m) => m.kind() === parsed.kind() && m.toString() === parsed.toString())) return true;
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.match(IPV4_COMPATIBLE)) return true;
  }
  return parsed.range() !== "unicast";
}

/** RFC 6761: localhost and its subdomains are loopback whatever a resolver says. */
function isLoopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The URL parsed and checked without touching the network: scheme, credentials, literal addresses. */
export function parseOutboundUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused("INVALID_URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new OutboundRefused("INVALID_URL");
  if (policy.production && url.protocol !== "https:") throw new OutboundRefused("HTTPS_REQUIRED");
  if (url.username || url.password) throw new OutboundRefused("CREDENTIALS_IN_URL");
  if (!url.hostname) throw new OutboundRefused("INVALID_URL");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (
    !privateAllowed(policy) &&
    (isLoopbackName(host) || (ipaddr.isValid(host) && isForbiddenAddress(host)))
  ) {
    throw new OutboundRefused("PRIVATE_ADDRESS");
  }
  return url;
}

/** Resolves the host and checks every address; returns them in the resolver's order. */
async function resolveChecked(hostname: string, policy: OutboundPolicy): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) {
    const family = ipaddr.parse(host).kind() === "ipv6" ? 6 : 4;
    if (!privateAllowed(policy) && isForbiddenAddress(host)) throw new OutboundRefused("PRIVATE_ADDRESS");
    return [{ address: host, family }];
  }
  let addresses: readonly { address: string; family: number }[];
  try {
    addresses = await (policy.resolve ?? systemResolver)(host);
  } catch {
    throw new OutboundRefused("HOST_NOT_FOUND");
  }
  if (addresses.length === 0) throw new OutboundRefused("HOST_NOT_FOUND");
  // Every address, not only the first: the socket may try each of them in turn.
  if (!privateAllowed(policy) && addresses.some((a) => isForbiddenAddress(a.address))) {
    throw new OutboundRefused("PRIVATE_ADDRESS");
  }
  return addresses.map((a) => ({ address: a.address, family: a.family }));
}

/** The save-time check: the URL's form, then what its host resolves to now. */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy): Promise<URL> {
  const url = parseOutboundUrl(raw, policy);
  await resolveChecked(url.hostname, policy);
  return url;
}

/** The connect-time check, as the socket's own lookup: nothing connects to an address not checked. */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, policy).then(
      (addresses) => {
        const family = typeof options === "object" ? options.family : undefined;
        const wanted =
          family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
        if (wanted.length === 0) {
          callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), "", 0);
          return;
        }
        if (typeof options === "object" && options.all) {
          (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
        } else {
          const first = wanted[0] as LookupAddress;
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, "", 0),
    );
  };
}

export interface OutboundResponse {
  status: number;
  /** At most EXCERPT_CHARS characters of the answer's body. */
  excerpt: string;
}

/**
 * POSTs `body` and returns the status and the start of the answer. A 3xx is returned as it is
 * (never followed). Throws OutboundRefused when the guard refused, OutboundFailed when no answer
 * came (timeout, connection error).
 */
export async function postGuarded(
  rawUrl: string,
  request: { headers: Record<string, string>; body: string },
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const url = parseOutboundUrl(rawUrl, policy);
  const transport = url.protocol === "https:" ? https : http;
  const body = Buffer.from(request.body, "utf8");
  const timeoutMs = policy.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const req = transport.request(url, {
      method: "POST",
      lookup: guardedLookup(policy),
      agent: false,
      headers: {
        ...request.headers,
        "content-length": String(body.length),
        connection: "close",
      },
    });
    const timer = setTimeout(() => {
      finish(() => reject(new OutboundFailed("TIMEOUT")));
      req.destroy();
    }, timeoutMs);
    req.on("error", (error) => {
      const refused = error instanceof OutboundRefused ? error : null;
      finish(() => reject(refused ?? new OutboundFailed("CONNECTION_FAILED")));
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks)
          .toString("utf8")
          .replace(/\uFFFD+$/, "");
        finish(() =>
          resolve({
            status: res.statusCode ?? 0,
            excerpt: Array.from(text).slice(0, EXCERPT_CHARS).join(""),
          }),
        );
        res.destroy();
        req.destroy();
      };
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // Only the excerpt is kept, so nothing beyond it is read.
        if (size >= EXCERPT_BYTES) done();
      });
      res.on("end", done);
      res.on("error", done);
      res.on("close", done);
    });
    req.end(body);
  });
}
