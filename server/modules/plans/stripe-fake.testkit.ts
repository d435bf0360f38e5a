import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// A local fake of the part of Stripe's HTTP API the plans module calls (customers, Checkout
// Sessions in setup mode, billing portal sessions), on loopback, for the real stripe SDK pointed at
// it with host/port/protocol. It also serves the hosted pages a browser reaches: a checkout page
// whose Pay button completes the session and returns to success_url, and a billing portal page.
// Never the live service.

export const FAKE_SECRET_KEY = "sk_test_fake_plans";
export const FAKE_WEBHOOK_SECRET = "whsec_fake_plans";

interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  url: string;
  currency: string | null;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

/** Stripe's form encoding with bracketed keys (metadata[companyId]=…), one level deep. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^(\w+)\[(\w+)\]$/.exec(key);
    if (nested?.[1] && nested[2]) {
      const group = (out[nested[1]] ?? {}) as Record<string, string>;
      group[nested[2]] = value;
      out[nested[1]] = group;
    } else out[key] = value;
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export interface StripeFake {
  url: string;
  /** The environment that points the app's stripe SDK here. */
  env: Record<string, string>;
  sessions: Map<string, FakeSession>;
  customers: Map<string, { id: string; email: string; metadata: Record<string, string> }>;
  /** API calls received, as "METHOD /path". */
  calls: string[];
  /** Completes a session as if the person had paid (what the hosted page's Pay button does). */
  pay(sessionId: string): FakeSession;
  /**
   * A signed webhook delivery for `event`: the body and its Stripe-Signature header. `created`
   * (Unix seconds, as Stripe sends it) is now unless the event gives its own.
   */
  signed(event: Record<string, unknown>, secret?: string): { body: string; signature: string };
  close(): Promise<void>;
}

export async function startStripeFake(): Promise<StripeFake> {
  const sessions = new Map<string, FakeSession>();
  const customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  const calls: string[] = [];
  let base = "";

  function pay(sessionId: string): FakeSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = "complete";
    return session;
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      return json(res, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided" },
      });
    }
    const form = parseForm(await readBody(req));
    calls.push(`${req.method} ${path}`);
    if (req.method === "POST" && path === "/v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer",
        email: String(form.email ?? ""),
        metadata: (form.metadata ?? {}) as Record<string, string>,
      };
      customers.set(customer.id, customer);
      return json(res, 200, customer);
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const sessionId = id("cs_test");
      const session: FakeSession = {
        id: sessionId,
        object: "checkout.session",
        mode: String(form.mode),
        status: "open",
        customer: typeof form.customer === "string" ? form.customer : null,
        client_reference_id: typeof form.client_reference_id === "string" ? form.client_reference_id : null,
        metadata: (form.metadata ?? {}) as Record<string, string>,
        success_url: String(form.success_url),
        cancel_url: typeof form.cancel_url === "string" ? form.cancel_url : null,
        url: `${base}/pay/${sessionId}`,
        currency: typeof form.currency === "string" ? form.currency : null,
      };
      sessions.set(sessionId, session);
      return json(res, 200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (req.method === "GET" && retrieve?.[1]) {
      const session = sessions.get(retrieve[1]);
      if (!session)
        return json(res, 404, { error: { type: "invalid_request_error", message: "No such session" } });
      return json(res, 200, session);
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = String(form.customer);
      if (!customers.has(customer)) {
        return json(res, 400, { error: { type: "invalid_request_error", message: "No such customer" } });
      }
      return json(res, 200, {
        id: id("bps"),
        object: "billing_portal.session",
        customer,
        return_url: form.return_url,
        url: `${base}/portal/${customer}`,
      });
    }
    return json(res, 404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` },
    });
  }

  function page(res: ServerResponse, html: string) {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe</title></head><body>${html}</body></html>`,
    );
  }

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    if (path.startsWith("/v1/")) {
      void api(req, res, path);
      return;
    }
    const payPage = /^\/pay\/([\w-]+)$/.exec(path);
    const session = payPage?.[1] ? sessions.get(payPage[1]) : undefined;
    if (session && req.method === "GET") {
      return page(
        res,
        `<h1>Pay with card</h1><form method="post"><button type="submit">Save card and pay</button></form>`,
      );
    }
    if (session && req.method === "POST") {
      pay(session.id);
      res.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
      res.end();
      return;
    }
    const portal = /^\/portal\/([\w-]+)$/.exec(path);
    if (portal?.[1] && customers.has(portal[1]))
      return page(res, `<h1>Billing portal</h1><p>${portal[1]}</p>`);
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  const signer = new Stripe(FAKE_SECRET_KEY);

  return {
    url: base,
    env: {
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: "http",
    },
    sessions,
    customers,
    calls,
    pay,
    signed(event, secret = FAKE_WEBHOOK_SECRET) {
      const body = JSON.stringify({
        object: "event",
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        ...event,
      });
      return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
