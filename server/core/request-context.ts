import type { FastifyRequest } from "fastify";
import type { Language } from "../../shared/enums";
import { isLanguage, languageFromHeader } from "../../shared/i18n";
import { type Actor, createServiceContext, type ServiceContext, type ServiceDeps } from "./context";

/** The language of a request: an explicit x-lang header (the console sends it), else Accept-Language. */
export function requestLanguage(req: FastifyRequest): Language {
  const explicit = req.headers["x-lang"];
  if (isLanguage(explicit)) return explicit;
  return languageFromHeader(req.headers["accept-language"]);
}

/**
 * Builds the service context of one request. Every surface calls this; how the actor is found
 * (session cookie, API token, share token) is decided by the authentication resolver.
 */
export async function serviceContextFor(
  deps: ServiceDeps,
  req: FastifyRequest,
  resolveActor: (req: FastifyRequest) => Promise<Actor>,
): Promise<ServiceContext> {
  const actor = await resolveActor(req);
  return createServiceContext({ ...deps, log: req.log }, actor, requestLanguage(req));
}
