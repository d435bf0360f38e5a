import type { FastifyInstance } from "fastify";

/**
 * A fetch that answers from a Fastify instance's inject, without a socket: the benchmark, the CLI
 * without a running server, and tests reach the simulator routes through the same HTTP client code.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.signal.aborted) throw request.signal.reason;
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const res = await app.inject({
      method: request.method as "GET",
      url: `${url.pathname}${url.search}`,
      headers,
      ...(request.method === "GET" || request.method === "HEAD" ? {} : { payload: await request.text() }),
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(key, String(v));
    }
    return new Response(
      res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload),
      {
        status: res.statusCode,
        headers: out,
      },
    );
  }) as typeof fetch;
}
