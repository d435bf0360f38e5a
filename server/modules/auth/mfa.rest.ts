import type { FastifyInstance } from "fastify";
import type { RestRouteOptions } from "../../rest/route-options";

export async function mfaRoutes(_app: FastifyInstance, _options: RestRouteOptions) {}
