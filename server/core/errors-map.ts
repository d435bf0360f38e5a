import type { FastifyBaseLogger } from "fastify";
import type { Language } from "../../shared/enums";
import { type ErrorCode, errorStatus } from "../../shared/errors";
import { errorMessage } from "../../shared/i18n";
import { isDatabaseUnavailable } from "../db/client";
import { isAppError } from "./app-error";

export interface SafeError {
  code: ErrorCode;
  status: number;
  message: string;
  params: Record<string, string | number>;
}

/**
 * The one translation of any thrown value into what a client may see. Unknown errors are logged
 * with the request id (the logger carries it) and answered with a generic message.
 */
export function toSafeError(err: unknown, lang: Language, log: FastifyBaseLogger): SafeError {
  if (isAppError(err)) {
    return {
      code: err.code,
      status: errorStatus(err.code),
      message: errorMessage(lang, err.code, err.params),
      params: err.params,
    };
  }
  // Postgres out of reach is the deployment's state, not a bug: 503 with the catalogue's message, so
  // clients retry and a load balancer can route around this process.
  if (isDatabaseUnavailable(err)) {
    log.warn({ err }, "database unreachable (or a connection to it lost)");
    return { code: "SERVER_ISSUE", status: 503, message: errorMessage(lang, "SERVER_ISSUE"), params: {} };
  }
  log.error({ err }, "unhandled error");
  return { code: "INTERNAL", status: 500, message: errorMessage(lang, "INTERNAL"), params: {} };
}
