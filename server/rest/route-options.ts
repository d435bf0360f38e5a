import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { ServiceContext, ServiceDeps } from "../core/context";
import { serviceContextFor } from "../core/request-context";
import { actorFromRequest } from "../modules/auth/authenticate";

/** What every REST route module receives: the service dependencies and the configuration. */
export interface RestRouteOptions {
  deps: ServiceDeps;
  config: Config;
}

/** The service context of a REST request (actor from the session cookie, language from headers). */
export function restContext(options: RestRouteOptions, req: FastifyRequest): Promise<ServiceContext> {
  return serviceContextFor(options.deps, req, actorFromRequest);
}
