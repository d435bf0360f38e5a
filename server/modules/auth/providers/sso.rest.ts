import type { FastifyInstance } from "fastify";
import { type RestRouteOptions, restContext } from "../../../rest/route-options";
import { resolveSsoRedirect } from "./sso.service";

/** GET /sso?redirectTo= — mounted at the root, not under /auth (spec 01 §7). */
export async function ssoRoutes(app: FastifyInstance, options: RestRouteOptions) {
  app.get("/sso", async (req, reply) => {
    const ctx = await restContext(options, req);
    const query = req.query as { redirectTo?: unknown };
    return reply.redirect(resolveSsoRedirect(ctx, query.redirectTo, options.config.SSO_ALLOWED_HOSTS), 302);
  });
}
