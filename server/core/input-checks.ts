import type { FastifyInstance, FastifyRequest } from "fastify";
import { translate } from "../../shared/i18n";
import {
  CONTROL_CHARACTERS_KEY,
  findControlCharacters,
  type InputPath,
} from "../../shared/schemas/control-characters";
import { requestLanguage } from "./request-context";

// The REST side of the one rule for every string (shared/schemas/control-characters.ts): every
// route's path parameters, query and parsed body, checked once before any route runs. tRPC and
// GraphQL check their own parsed input where they can answer in their own shape (server/trpc/init.ts,
// server/graphql/control-characters.ts), so their paths are left to them here.

/** Surfaces that apply the rule themselves. */
const OWN_CHECK_PREFIXES = ["/trpc/", "/graphql"];

/** Where in the request a string holds a control character, e.g. ["query", "unsubscribeToken"]; or null. */
export function requestControlCharacters(req: FastifyRequest): InputPath | null {
  for (const [part, value] of [
    ["params", req.params],
    ["query", req.query],
    ["body", req.body],
  ] as const) {
    const path = findControlCharacters(value);
    if (path) return [part, ...path];
  }
  return null;
}

export function installControlCharacterCheck(app: FastifyInstance) {
  // preValidation: after the body is parsed, before a route's schema or handler sees any of it.
  // Synchronous (no promise per request); a refusal answers and does not call done().
  app.addHook("preValidation", (req, reply, done) => {
    const url = req.url;
    if (OWN_CHECK_PREFIXES.some((prefix) => url.startsWith(prefix))) return done();
    const path = requestControlCharacters(req);
    if (!path) return done();
    req.log.info({ part: path[0] }, "request refused: control characters in its input");
    reply.status(400).send({
      error: true,
      code: "VALIDATION_FAILED",
      message: translate(requestLanguage(req), CONTROL_CHARACTERS_KEY),
      field: path.join("."),
    });
  });
}
