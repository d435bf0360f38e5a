import type { FastifyError, FastifyInstance } from "fastify";
import { errorMessage } from "../../shared/i18n";
import { isAppError } from "../core/app-error";
import { toSafeError } from "../core/errors-map";
import { requestLanguage } from "../core/request-context";

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
    // Fastify's own client errors (bad JSON, unsupported media type) carry safe texts.
    if (!isAppError(err) && typeof err.statusCode === "number" && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ error: true, code: err.code, message: err.message });
    }
    const safe = toSafeError(err, lang, req.log);
    return reply.status(safe.status).send({ error: true, code: safe.code, message: safe.message });
  });
}
