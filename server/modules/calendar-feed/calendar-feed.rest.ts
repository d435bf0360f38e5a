import type { FastifyInstance } from "fastify";
import { isAppError } from "../../core/app-error";
import { createServiceContext } from "../../core/context";
import { requestLanguage } from "../../core/request-context";
import type { RestRouteOptions } from "../../rest/route-options";
import { readCalendarFeed } from "./calendar-feed.fetch.service";
import { CALENDAR_FEED_PATH } from "./calendar-feed.token";

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

/**
 * The calendar feed for calendar clients (Outlook, Google Calendar, Apple Calendar): the token in
 * the path is the whole authority (request logs keep the path without it, server/core/log-safety),
 * and the session cookie, if any, plays no part. Refusals are the REST error body in the request's
 * language; a client polling too often is told when to come back.
 */
export async function calendarFeedRoutes(app: FastifyInstance, options: RestRouteOptions) {
  app.get<{ Params: { file: string } }>(`${CALENDAR_FEED_PATH}/:file`, async (req, reply) => {
    // Private to its holder: never indexed, never kept by a shared cache, never sent on as a referrer.
    reply.header("cache-control", "private, no-cache");
    reply.header("x-robots-tag", "noindex, nofollow");
    reply.header("referrer-policy", "no-referrer");
    const file = req.params.file;
    const token = file.endsWith(".ics") ? file.slice(0, -".ics".length) : "";
    const ctx = createServiceContext(
      { ...options.deps, log: req.log },
      { kind: "anonymous" },
      requestLanguage(req),
    );
    try {
      const answer = await readCalendarFeed(
        ctx,
        {
          token,
          ip: req.ip,
          ifNoneMatch: header(req.headers["if-none-match"]),
          ifModifiedSince: header(req.headers["if-modified-since"]),
        },
        { appUrl: options.config.APP_URL },
      );
      reply.header("etag", answer.etag).header("last-modified", answer.lastModified.toUTCString());
      if (answer.status === 304) return reply.status(304).send();
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", 'inline; filename="shipments.ics"')
        .send(answer.body);
    } catch (error) {
      if (isAppError(error) && error.code === "CALENDAR_FEED_RATE_LIMITED") {
        reply.header("retry-after", String(error.params.seconds ?? 60));
      }
      throw error;
    }
  });
}
