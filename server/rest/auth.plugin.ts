import type { FastifyInstance } from "fastify";
import { accountRoutes } from "../modules/auth/auth.rest";
import { mfaRoutes } from "../modules/auth/mfa.rest";
import { thirdPartyRoutes } from "../modules/auth/oauth.rest";
import type { RestRouteOptions } from "./route-options";

/**
 * The spec's REST `/auth/*` routes (spec 01 §7), mounted under the `/auth` prefix. Each route
 * builds a context, calls the auth service and lets the REST error handler map failures.
 */
export async function authRoutes(app: FastifyInstance, options: RestRouteOptions) {
  await app.register(accountRoutes, options);
  await app.register(mfaRoutes, options);
  await app.register(thirdPartyRoutes, options);
}
