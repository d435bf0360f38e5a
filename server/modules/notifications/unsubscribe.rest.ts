import type { FastifyInstance } from "fastify";
import { UnsubscribeInput } from "../../../shared/schemas/notifications";
import { AppError } from "../../core/app-error";
import { type RestRouteOptions, restContext } from "../../rest/route-options";
import { ONE_CLICK_UNSUBSCRIBE_PATH } from "./notifications.links";
import { unsubscribeByToken } from "./unsubscribe.service";

/** The one-click body is a single short field; anything larger is not a mail client's. */
const ONE_CLICK_BODY_LIMIT = 8 * 1024;

/**
 * RFC 8058 one-click unsubscribe: the mail client POSTs "List-Unsubscribe=One-Click" to the
 * List-Unsubscribe address, without a session and without following redirects, as
 * multipart/form-data (which the RFC says it SHOULD use) or form-urlencoded. The token in the
 * address is the whole authority; the body is read, bounded and ignored.
 */
export async function unsubscribeRoutes(app: FastifyInstance, options: RestRouteOptions) {
  // Scoped to this plugin: the rest of the server takes JSON only.
  for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"])
    app.addContentTypeParser(
      type,
      { parseAs: "string", bodyLimit: ONE_CLICK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
  app.post(ONE_CLICK_UNSUBSCRIBE_PATH, async (req, reply) => {
    const input = UnsubscribeInput.safeParse(req.query);
    if (!input.success) throw new AppError("UNSUBSCRIBE_TOKEN_INVALID");
    await unsubscribeByToken(await restContext(options, req), input.data);
    return reply.header("cache-control", "no-store").send({ unsubscribed: true });
  });
}
