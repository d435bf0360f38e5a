import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyInstance, type InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../config";
import { AppError } from "../core/app-error";
import { systemClock } from "../core/clock";
import type { ServiceDeps } from "../core/context";
import { serviceContextFor } from "../core/request-context";
import type { JobQueue } from "../jobs/queue";
import { frameworkErrorHandler, installRestErrorHandler } from "../rest/errors";
import { trpcFastifyHandler } from "./fastify-handler";
import { router, serviceProcedure, type TrpcContext } from "./init";

// The handler answers what tRPC's own Fastify adapter answers, byte for byte: the same router
// behind both, the same requests, the same status, body and content type. What each answered
// before the handler existed is also pinned below, so a change in tRPC itself shows up here too.

const testRouter = router({
  echo: serviceProcedure.input(z.object({ x: z.string() })).query(({ input }) => ({ got: input.x })),
  nothing: serviceProcedure.query(() => undefined),
  dated: serviceProcedure.query(() => ({ at: new Date("2026-01-02T03:04:05.000Z") })),
  denied: serviceProcedure.query(() => {
    throw new AppError("PERMISSION_DENIED");
  }),
  crashed: serviceProcedure.query(() => {
    throw new Error("connection string postgres://secret@db leaked");
  }),
  change: serviceProcedure.input(z.object({ x: z.string() })).mutation(({ input }) => ({ changed: input.x })),
  streamy: serviceProcedure.query(() => ({ later: Promise.resolve(1) })),
});

async function buildWith(kind: "trpc" | "handler"): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, frameworkErrors: frameworkErrorHandler });
  installRestErrorHandler(app);
  const deps: ServiceDeps = {
    db: undefined as never,
    jobs: undefined as unknown as JobQueue,
    clock: systemClock,
    log: app.log,
  };
  const config = loadConfig({ NODE_ENV: "test" });
  const anonymous = async () => ({ kind: "anonymous" }) as const;
  const createContext = async (req: Parameters<typeof serviceContextFor>[1]): Promise<TrpcContext> => {
    if (req.headers["x-fail-context"]) throw new Error("context failed with a secret");
    return { req, config, service: await serviceContextFor(deps, req, anonymous) };
  };
  // As app.ts: a CSV bulk update arrives base64 in a tRPC body.
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/trpc/")) route.bodyLimit ??= 12 * 1024 * 1024;
  });
  if (kind === "trpc") {
    await app.register(fastifyTRPCPlugin<typeof testRouter>, {
      prefix: "/trpc",
      trpcOptions: { router: testRouter, createContext: ({ req }) => createContext(req) },
    });
  } else {
    await app.register(trpcFastifyHandler<typeof testRouter, TrpcContext>, {
      prefix: "/trpc",
      router: testRouter,
      createContext,
    });
  }
  return app;
}

let before: FastifyInstance;
let after: FastifyInstance;
beforeAll(async () => {
  before = await buildWith("trpc");
  after = await buildWith("handler");
});
afterAll(async () => {
  await before?.close();
  await after?.close();
});

const json = { "content-type": "application/json" };
const q = (input: unknown) => encodeURIComponent(JSON.stringify(input));

/** Each request, and the status tRPC's adapter answered it with (taken from the adapter). */
const CASES: { name: string; req: InjectOptions; status: number }[] = [
  { name: "query", req: { url: `/trpc/echo?input=${q({ x: "a" })}` }, status: 200 },
  { name: "query answering undefined", req: { url: "/trpc/nothing" }, status: 200 },
  { name: "query answering a Date", req: { url: "/trpc/dated" }, status: 200 },
  { name: "query with unreadable input", req: { url: "/trpc/echo?input=not-json" }, status: 400 },
  { name: "query with bad input", req: { url: `/trpc/echo?input=${q({ x: 5 })}` }, status: 400 },
  { name: "query without input", req: { url: "/trpc/echo" }, status: 400 },
  {
    name: "query with a control character",
    req: { url: `/trpc/echo?input=${q({ x: "a\u0001" })}` },
    status: 400,
  },
  { name: "query with a plus in input", req: { url: `/trpc/echo?input={"x":"a+b"}` }, status: 200 },
  { name: "unknown procedure", req: { url: "/trpc/nope" }, status: 404 },
  { name: "unknown nested procedure", req: { url: "/trpc/echo.deeper" }, status: 404 },
  { name: "AppError", req: { url: "/trpc/denied" }, status: 403 },
  {
    name: "AppError in Japanese",
    req: { url: "/trpc/denied", headers: { "accept-language": "ja" } },
    status: 403,
  },
  { name: "unexpected error", req: { url: "/trpc/crashed" }, status: 500 },
  {
    name: "context that fails",
    req: { url: "/trpc/nothing", headers: { "x-fail-context": "1" } },
    status: 500,
  },
  { name: "stream-like answer", req: { url: "/trpc/streamy" }, status: 415 },
  { name: "mutation via GET", req: { url: `/trpc/change?input=${q({ x: "a" })}` }, status: 405 },
  {
    name: "query via POST",
    req: { method: "POST", url: "/trpc/echo", headers: json, payload: '{"x":"a"}' },
    status: 405,
  },
  {
    name: "mutation",
    req: { method: "POST", url: "/trpc/change", headers: json, payload: '{"x":"a"}' },
    status: 200,
  },
  {
    name: "mutation with a byte order mark",
    req: { method: "POST", url: "/trpc/change", headers: json, payload: '\ufeff{"x":"a"}' },
    status: 200,
  },
  {
    name: "mutation with an empty body",
    req: { method: "POST", url: "/trpc/change", headers: json, payload: "" },
    status: 400,
  },
  {
    name: "mutation with unreadable JSON",
    req: { method: "POST", url: "/trpc/change", headers: json, payload: "{x" },
    status: 400,
  },
  {
    name: "mutation with bad input",
    req: { method: "POST", url: "/trpc/change", headers: json, payload: '{"x":1}' },
    status: 400,
  },
  {
    name: "mutation with text/plain",
    req: { method: "POST", url: "/trpc/change", headers: { "content-type": "text/plain" }, payload: "x" },
    status: 415,
  },
  { name: "mutation without a content type", req: { method: "POST", url: "/trpc/change" }, status: 415 },
  {
    name: "PUT",
    req: { method: "PUT", url: "/trpc/change", headers: json, payload: '{"x":"a"}' },
    status: 405,
  },
  { name: "HEAD", req: { method: "HEAD", url: "/trpc/echo" }, status: 204 },
  { name: "batch of one", req: { url: `/trpc/echo?batch=1&input=${q({ 0: { x: "a" } })}` }, status: 200 },
  {
    name: "batch with one failing call",
    req: { url: `/trpc/echo,denied,echo?batch=1&input=${q({ 0: { x: "a" }, 2: { x: 3 } })}` },
    status: 207,
  },
  { name: "batch all failing alike", req: { url: "/trpc/denied,denied?batch=1" }, status: 403 },
  {
    name: "batch with an unknown procedure",
    req: { url: `/trpc/echo,nope?batch=1&input=${q({ 0: { x: "a" } })}` },
    status: 207,
  },
  {
    name: "batch whose input is no object",
    req: { url: `/trpc/echo?batch=1&input=${q([{ x: "a" }])}` },
    status: 400,
  },
  { name: "batch mixing a query and a mutation", req: { url: "/trpc/echo,change?batch=1" }, status: 400 },
  {
    name: "batch of mutations",
    req: {
      method: "POST",
      url: "/trpc/change,change?batch=1",
      headers: json,
      payload: '{"0":{"x":"a"},"1":{"x":2}}',
    },
    status: 207,
  },
  {
    name: "streaming batch (jsonl)",
    req: {
      url: `/trpc/echo?batch=1&input=${q({ 0: { x: "a" } })}`,
      headers: { "trpc-accept": "application/jsonl" },
    },
    status: 200,
  },
  {
    name: "streaming request not batched",
    req: { url: "/trpc/nothing", headers: { accept: "application/jsonl" } },
    status: 400,
  },
  { name: "escaped path", req: { url: `/trpc/ech%6F?input=${q({ x: "a" })}` }, status: 200 },
  { name: "query with connectionParams", req: { url: "/trpc/nothing?connectionParams=1" }, status: 400 },
  {
    name: "oversize body",
    req: {
      method: "POST",
      url: "/trpc/change",
      headers: json,
      payload: `{"x":"${"a".repeat(12 * 1024 * 1024)}"}`,
    },
    status: 413,
  },
];

describe("the tRPC handler answers as tRPC's Fastify adapter", () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const [was, now] = [await before.inject(c.req), await after.inject(c.req)];
      expect(was.statusCode).toBe(c.status);
      expect(now.statusCode).toBe(was.statusCode);
      expect(now.body).toBe(was.body);
      expect(now.headers["content-type"]).toBe(was.headers["content-type"]);
      if (was.statusCode !== 204 && c.status < 413) expect(now.headers.vary).toBe(was.headers.vary);
      expect(now.body).not.toContain("secret");
    });
  }

  it("answers the common requests with a buffered body (a length, not chunks)", async () => {
    const res = await after.inject({ url: `/trpc/echo?input=${q({ x: "a" })}` });
    expect(res.headers["content-length"]).toBe(String(Buffer.byteLength(res.body)));
    expect(res.headers["transfer-encoding"]).toBeUndefined();
  });
});
