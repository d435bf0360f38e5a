import type { FastifyInstance } from "fastify";
import type { RestRouteOptions } from "../../rest/route-options";

export async function accountRoutes(_app: FastifyInstance, _options: RestRouteOptions) {}
