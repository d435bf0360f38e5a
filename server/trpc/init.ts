import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { getTRPCErrorFromUnknown, middlewareMarker } from "@trpc/server/unstable-core-do-not-import";
import type { FastifyRequest } from "fastify";
import { ZodError, ZodRealError } from "zod";
import { type ErrorCode, errorStatus } from "../../shared/errors";
import { errorMessage, translate } from "../../shared/i18n";
import { isMessageKeyLike } from "../../shared/schemas";
import { CONTROL_CHARACTERS_KEY, findControlCharacters } from "../../shared/schemas/control-characters";
import type { Config } from "../config";
import { type AppError, isAppError } from "../core/app-error";
import type { ServiceContext } from "../core/context";
import { toSafeError } from "../core/errors-map";
import { trpcDuration } from "../core/metrics";
import { inSpan } from "../core/tracing";

export interface TrpcContext {
  service: ServiceContext;
  req: FastifyRequest;
  /** For procedures whose behaviour depends on the deployment (as REST routes get it in their options). */
  config: Config;
}

const CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  402: "PAYMENT_REQUIRED",
  409: "CONFLICT",
  410: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

/** tRPC's own refusals, before any procedure ran, as catalogue codes. */
const OWN_REFUSALS: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  NOT_FOUND: "NOT_FOUND",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  UNAUTHORIZED: "UNAUTHENTICATED",
  FORBIDDEN: "PERMISSION_DENIED",
};

/** Every client error keeps a 4xx status even without an exact tRPC twin. */
function trpcCode(status: number): TRPC_ERROR_CODE_KEY {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST");
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error, ctx }) {
    const data = { ...shape.data, stack: undefined };
    const cause = error.cause;
    if (error.code === "BAD_REQUEST" && cause instanceof ZodError) {
      // A refusal raised here with a message key (control characters) reads in the request's language.
      const message = isMessageKeyLike(error.message)
        ? translate(ctx?.service.lang ?? "en", error.message)
        : shape.message;
      return { ...shape, message, data: { ...data, appCode: "VALIDATION_FAILED", issues: cause.issues } };
    }
    // tRPC's own refusals (unknown procedure, bad method, unreadable input) answer a catalogue code
    // and message, like Fastify's (docs/decisions/0057-framework-errors-in-the-catalogue.md); anything else that reached here unmapped is
    // an unexpected failure and is answered generically.
    if (!isAppError(cause) && error.code !== "INTERNAL_SERVER_ERROR") {
      const appCode = OWN_REFUSALS[error.code] ?? "MALFORMED_REQUEST";
      const message = errorMessage(ctx?.service.lang ?? "en", appCode);
      return { ...shape, message, data: { ...data, appCode, params: {} } };
    }
    // No context means it could not be built, so the request's language is unknown.
    if (!ctx) return { ...shape, message: errorMessage("en", "INTERNAL"), data };
    const safe = toSafeError(cause ?? error, ctx.service.lang, ctx.req.log);
    return { ...shape, message: safe.message, data: { ...data, appCode: safe.code, params: safe.params } };
  },
});

/** Services throw AppError; here it becomes a TRPCError so the HTTP status follows the code. */
function appErrorToTrpc(cause: AppError): TRPCError {
  return new TRPCError({ code: trpcCode(errorStatus(cause.code)), message: cause.code, cause });
}

/**
 * The one rule for every string (shared/schemas/control-characters.ts) over the whole raw input,
 * before any procedure's own schema: refused as a validation failure naming where it was.
 */
function controlCharactersError(raw: unknown): TRPCError | null {
  const path = findControlCharacters(raw);
  if (!path) return null;
  return new TRPCError({
    code: "BAD_REQUEST",
    message: CONTROL_CHARACTERS_KEY,
    // ZodRealError (an Error, as the input parser throws) so tRPC keeps it as the cause.
    cause: new ZodRealError([{ code: "custom", path, message: CONTROL_CHARACTERS_KEY, input: undefined }]),
  });
}

/**
 * Every procedure's wrapper, as one middleware (tRPC copies a call's options twice per middleware):
 * the procedure's latency (by its path, a bounded name) and, when tracing, its span under the
 * request's; then the control-character rule; then AppError as TRPCError. A refusal here is a
 * failed result, as tRPC makes of a middleware's throw, so the latency and span see it.
 */
const serviceMiddleware = t.middleware(({ path, type, getRawInput, next }) => {
  const end = trpcDuration.startTimer({ procedure: path, type });
  return inSpan(`trpc ${path}`, { "rpc.system": "trpc", "rpc.method": path }, async (span) => {
    let result: Awaited<ReturnType<typeof next>>;
    try {
      const refused = controlCharactersError(await getRawInput());
      if (refused) throw refused;
      result = await next();
      if (!result.ok && isAppError(result.error.cause)) throw appErrorToTrpc(result.error.cause);
    } catch (cause) {
      result = {
        ok: false,
        error: getTRPCErrorFromUnknown(cause),
        marker: middlewareMarker,
      } as typeof result;
    }
    end({ outcome: result.ok ? "ok" : "error" });
    if (!result.ok) span?.setAttribute("error.type", result.error.code);
    return result;
  });
});

export const router = t.router;
/** Every procedure: no sign-in check here, because authorization happens first in the service it calls. */
export const serviceProcedure = t.procedure.use(serviceMiddleware);
export const createCallerFactory = t.createCallerFactory;
export { TRPCError };
