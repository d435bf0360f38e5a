import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorCode } from "../../shared/errors";
import { errorMessage } from "../../shared/i18n";
import { isAppError } from "../core/app-error";
import { toSafeError } from "../core/errors-map";
import { requestLanguage } from "../core/request-context";

/**
 * Fastify's own refusals (a body it cannot read, a media type it has no parser for, a body over the
 * limit, a URL it cannot decode) by status: each gets a code and a translated message of the
 * catalogue instead of Fastify's English text and FST_ERR_* code.
 */
function frameworkCode(status: number): ErrorCode {
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status === 415) return "UNSUPPORTED_MEDIA_TYPE";
  if (status === 404) return "NOT_FOUND";
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "PERMISSION_DENIED";
  return "MALFORMED_REQUEST";
}

function sendFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply, status: number) {
  const code = frameworkCode(status);
  // A client's mistake, not ours: worth a trace at info, never an error report.
  req.log.info({ frameworkCode: err.code, status }, "request refused before its route");
  return reply.status(status).send({ error: true, code, message: errorMessage(requestLanguage(req), code) });
}

/** For Fastify's `frameworkErrors` option: errors raised before routing (an undecodable URL). */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  return sendFrameworkError(err, req, reply, 400);
}

/**
 * REST failures answer `{ "error": true, "message": ... }` in the request's language (spec 01 §7),
 * plus the app code so clients can branch without parsing text.
 */
export function installRestErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = requestLanguage(req);
    if (err.validation) {
      return reply
        .status(400)
        .send({ error: true, code: "VALIDATION_FAILED", message: errorMessage(lang, "VALIDATION_FAILED") });
    }
    if (!isAppError(err) && typeof err.statusCode === "number" && err.statusCode < 500) {
      return sendFrameworkError(err, req, reply, err.statusCode);
    }
    const safe = toSafeError(err, lang, req.log);
    return reply.status(safe.status).send({ error: true, code: safe.code, message: safe.message });
  });
}

/**
 * The spec's no-payload routes (sign-out, send verification e-mail) are posted with a JSON content
 * type and no body; Fastify would refuse those before the route runs, so sign-out would not sign
 * out. An empty body reads as no body; a route that needs one then fails its own validation.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    parseJson(req, text, done);
  });
}
