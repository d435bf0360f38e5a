import { fastifyRequestHandler } from "@trpc/server/adapters/fastify";
import {
  type AnyProcedure,
  type AnyRouter,
  getErrorShape,
  getHTTPStatusCode,
  getProcedureAtPath,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  type ProcedureType,
  TRPCError,
  transformTRPCResponse,
} from "@trpc/server/unstable-core-do-not-import";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

// tRPC over Fastify with the answer built as one string (docs/decisions/0090-trpc-fastify-handler.md).
// tRPC's own adapter turns every request into a fetch Request (URL, Headers, AbortController, body
// stream) and answers a fetch Response that Fastify then streams out: about a quarter of a small
// read's CPU. The requests the console and the API clients send (JSON queries and mutations, one
// or batched, httpLink/httpBatchLink) are answered here by the same steps as tRPC's
// resolveResponse (the same errors, shapes, statuses and bodies), from tRPC's own exported parts;
// everything else (streaming, subscriptions, form data, HEAD, odd paths or hosts) goes to tRPC's
// adapter unchanged, so those behave as before by construction.

export interface TrpcHandlerOptions<TRouter extends AnyRouter, TContext> {
  router: TRouter;
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<TContext>;
}

/** Registers `/:path` (mount it under a prefix) with the body parsers tRPC's Fastify plugin sets. */
export function trpcFastifyHandler<TRouter extends AnyRouter, TContext>(
  app: FastifyInstance,
  options: TrpcHandlerOptions<TRouter, TContext>,
  done: (err?: Error) => void,
): void {
  // As tRPC's plugin: inside this plugin JSON arrives as text (tRPC parses it, and its parse errors
  // are tRPC's answers) and form data as the raw stream.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, next) => next(null, body));
  app.removeContentTypeParser("multipart/form-data");
  app.addContentTypeParser("multipart/form-data", {}, (_req, body, next) => next(null, body));
  const { router } = options;
  const fallback = (req: FastifyRequest, reply: FastifyReply, path: string) =>
    fastifyRequestHandler({
      router,
      createContext: ({ req: r, res }) => options.createContext(r, res),
      req,
      res: reply,
      path,
    });
  app.all<{ Params: { path: string } }>("/:path", async (req, reply) => {
    const path = req.params.path;
    const plan = fastPlan(req, path);
    if (!plan) return fallback(req, reply, path);
    const procedures = await Promise.all(plan.paths.map((p) => getProcedureAtPath(router, p)));
    const types = new Set(procedures.flatMap((p) => (p ? [p._def.type] : [])));
    // Subscriptions stream, and a mixed batch is refused before any context: tRPC's adapter does both.
    if (types.has("subscription") || types.size > 1) return fallback(req, reply, path);
    const type: ProcedureType | "unknown" = types.values().next().value ?? "unknown";
    const { status, body } = await respond(router, options, req, reply, plan, procedures, type);
    return (
      reply
        .code(status)
        .header("content-type", "application/json")
        .header("vary", "trpc-accept, accept")
        // A Buffer, so Fastify sends the content type as tRPC gives it (a string would gain a charset).
        .send(Buffer.from(body))
    );
  });
  done();
}

interface FastPlan {
  paths: string[];
  isBatchCall: boolean;
  searchParams: URLSearchParams;
}

/** Printable ASCII without spaces: parsed the same by URLSearchParams here and by WHATWG URL in tRPC. */
const PLAIN = /^[\x21-\x7e]*$/;
/** A Host header that cannot make `new URL` fail (tRPC's adapter answers that case itself). */
const PLAIN_HOST = /^[A-Za-z0-9.:[\]-]+$/;

/** The request as tRPC's JSON handler would see it, or null when tRPC's adapter should answer it. */
function fastPlan(req: FastifyRequest, path: string): FastPlan | null {
  const method = req.method;
  if (method !== "GET" && method !== "POST") return null;
  const headers = req.headers;
  const contentType = headers["content-type"];
  if (contentType !== undefined && !contentType.startsWith("application/json")) return null;
  if (
    method === "POST" &&
    (contentType === undefined || (req.body !== undefined && typeof req.body !== "string"))
  )
    return null;
  // jsonl streaming (httpBatchStreamLink) and its refusal when not batched stay tRPC's.
  if (headers["trpc-accept"] !== undefined) return null;
  const accept = headers.accept;
  if (accept !== undefined && (typeof accept !== "string" || accept.includes("application/jsonl")))
    return null;
  const host = headers.host;
  if (host !== undefined && !PLAIN_HOST.test(host)) return null;
  // tRPC decodes the (already decoded) path once more.
  if (path.includes("%") || !PLAIN.test(path)) return null;
  const url = req.raw.url ?? "";
  const q = url.indexOf("?");
  const query = q === -1 ? "" : url.slice(q + 1);
  const hash = query.indexOf("#");
  if (!PLAIN.test(query) || hash !== -1) return null;
  const searchParams = new URLSearchParams(query);
  if (searchParams.has("connectionParams")) return null;
  const isBatchCall = searchParams.get("batch") === "1";
  return { paths: isBatchCall ? path.split(",") : [path], isBatchCall, searchParams };
}

type CallResult = [TRPCError, undefined] | [undefined, { data: unknown }];

/** resolveResponse's JSON steps for one request: its status and body. */
async function respond<TRouter extends AnyRouter, TContext>(
  router: TRouter,
  options: TrpcHandlerOptions<TRouter, TContext>,
  req: FastifyRequest,
  reply: FastifyReply,
  plan: FastPlan,
  procedures: (AnyProcedure | null)[],
  type: ProcedureType | "unknown",
): Promise<{ status: number; body: string }> {
  const config = router._def._config;
  let ctx: TContext | undefined;
  try {
    const inputs = memoInputs(router, req, plan);
    let ctxError: TRPCError | undefined;
    try {
      ctx = await options.createContext(req, reply);
    } catch (cause) {
      ctxError = getTRPCErrorFromUnknown(cause);
    }
    const calls = plan.paths.map(async (path, batchIndex): Promise<CallResult> => {
      const proc = procedures[batchIndex] ?? null;
      try {
        if (!proc)
          throw new TRPCError({ code: "NOT_FOUND", message: `No procedure found on path "${path}"` });
        if (!(proc._def.type === "mutation" ? req.method === "POST" : req.method === "GET")) {
          throw new TRPCError({
            code: "METHOD_NOT_SUPPORTED",
            message: `Unsupported ${req.method}-request to ${proc._def.type} procedure at path "${path}"`,
          });
        }
        if (ctxError) throw ctxError;
        const data: unknown = await proc({
          path,
          getRawInput: async () => (await inputs.read())[batchIndex],
          ctx,
          type: proc._def.type,
          // Nothing here listens for the client going away; tRPC's adapter would abort this signal then.
          signal: undefined,
          batchIndex,
        });
        return [undefined, { data }];
      } catch (cause) {
        return [getTRPCErrorFromUnknown(cause), undefined];
      }
    });
    const shapeOf = (error: TRPCError, index: number, callType: ProcedureType | "unknown") => ({
      error: getErrorShape({
        config,
        ctx,
        error,
        input: inputs.result()?.[index],
        path: plan.paths[index],
        type: callType,
      }),
    });
    if (!plan.isBatchCall) {
      const [error, result] = await (calls[0] as Promise<CallResult>);
      if (isDataStream(result?.data)) {
        throw new TRPCError({
          code: "UNSUPPORTED_MEDIA_TYPE",
          message: "Cannot use stream-like response in non-streaming request - use httpBatchStreamLink",
        });
      }
      const res = error ? shapeOf(error, 0, type) : { result: { data: result?.data } };
      return {
        status: getHTTPStatusCode([res] as never),
        body: JSON.stringify(transformTRPCResponse(config, res as never)),
      };
    }
    const results = (await Promise.all(calls)).map((res): CallResult => {
      const [error, result] = res;
      if (error) return res;
      if (isDataStream(result.data)) {
        return [
          new TRPCError({
            code: "UNSUPPORTED_MEDIA_TYPE",
            message: "Cannot use stream-like response in non-streaming request - use httpBatchStreamLink",
          }),
          undefined,
        ];
      }
      return res;
    });
    const answers = results.map(([error, result], index) =>
      error
        ? shapeOf(error, index, procedures[index]?._def.type ?? "unknown")
        : { result: { data: result.data } },
    );
    return {
      status: getHTTPStatusCode(answers as never),
      body: JSON.stringify(transformTRPCResponse(config, answers as never)),
    };
  } catch (cause) {
    // As resolveResponse's last resort (a formatter or serializer that threw, a stream-like answer).
    const error = getTRPCErrorFromUnknown(cause);
    const untransformed = {
      error: getErrorShape({ config, error, type, path: undefined, input: undefined, ctx }),
    };
    return {
      status: getHTTPStatusCode(untransformed as never),
      body: JSON.stringify(transformTRPCResponse(config, untransformed as never)),
    };
  }
}

/** The request's inputs by batch index, parsed once on first use (tRPC's getRequestInfo memo). */
function memoInputs(router: AnyRouter, req: FastifyRequest, plan: FastPlan) {
  const deserialize = (v: unknown) => router._def._config.transformer.input.deserialize(v);
  let promise: Promise<Record<number, unknown>> | null = null;
  let value: Record<number, unknown> | undefined;
  const parse = async (): Promise<Record<number, unknown>> => {
    let inputs: unknown;
    if (req.method === "GET") {
      const queryInput = plan.searchParams.get("input");
      if (queryInput) inputs = JSON.parse(queryInput);
    } else {
      // What Request.json() does with the body text: UTF-8 decoding drops a byte order mark.
      const text = typeof req.body === "string" ? req.body : "";
      inputs = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    }
    const acc: Record<number, unknown> = Object.create(null);
    if (inputs === undefined) return acc;
    if (!plan.isBatchCall) {
      acc[0] = deserialize(inputs);
      return acc;
    }
    if (!isObject(inputs)) {
      throw new TRPCError({
        code: "BAD_REQUEST",
        message: '"input" needs to be an object when doing a batch call',
      });
    }
    for (const index of plan.paths.keys()) {
      const input = inputs[index];
      if (input !== undefined) acc[index] = deserialize(input);
    }
    return acc;
  };
  return {
    read: async (): Promise<Record<number, unknown>> => {
      if (value !== undefined) return value;
      promise ??= parse().catch((cause) => {
        if (cause instanceof TRPCError) throw cause;
        throw new TRPCError({
          code: "BAD_REQUEST",
          message: cause instanceof Error ? cause.message : "Invalid input",
          cause,
        });
      });
      value = await promise;
      promise = null;
      return value;
    },
    result: (): Record<number, unknown> | undefined => value,
  };
}

/** An answer tRPC would only stream (an async iterable, or an object holding promises or iterables). */
function isDataStream(v: unknown): boolean {
  if (!isObject(v)) return false;
  if (isAsyncIterable(v)) return true;
  const values = Object.values(v);
  return values.some(isPromise) || values.some(isAsyncIterable);
}
