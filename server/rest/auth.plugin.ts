import type { FastifyInstance } from "fastify";
import { accountRoutes } from "../modules/auth/auth.rest";
import { mfaRoutes } from "../modules/auth/mfa/mfa.rest";
import { thirdPartyRoutes } from "../modules/auth/providers/oauth.rest";
import { assertInvitedSignup, redeemInvitation } from "../modules/invitations/redeem.internal";
import { acceptEmptyJsonBodies } from "./errors";
import type { RestRouteOptions } from "./route-options";

/**
 * The spec's REST `/auth/*` routes (spec 01 §7), mounted under the `/auth` prefix. Each route
 * builds a context, calls the auth service and lets the REST error handler map failures.
 */
export async function authRoutes(app: FastifyInstance, options: RestRouteOptions) {
  // Only deps and config go on: the options also carry this plugin's own `prefix`, which would
  // mount every route a second time under it (/auth/auth/...).
  const routeOptions: RestRouteOptions = { deps: options.deps, config: options.config };
  acceptEmptyJsonBodies(app);
  await app.register(accountRoutes, {
    ...routeOptions,
    invitations: { assertInvitedSignup, redeemInvitation },
  });
  await app.register(mfaRoutes, routeOptions);
  await app.register(thirdPartyRoutes, routeOptions);
}
