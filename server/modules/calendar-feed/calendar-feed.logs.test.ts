import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { safeLoggerOptions } from "../../core/log-safety";
import { memoryLog, memoryStream } from "../../core/log-safety.testkit";
import { CALENDAR_FEED_PATH, issueCalendarToken } from "./calendar-feed.token";

// A calendar feed's address is a bearer token in the path, so the logs keep the path without it.

describe("calendar feed addresses in logs", () => {
  it("are left out of request lines", async () => {
    const { token } = issueCalendarToken();
    const { stream, text } = memoryStream();
    const app = Fastify({ logger: { level: "info", stream, ...safeLoggerOptions } });
    app.get(`${CALENDAR_FEED_PATH}/:file`, async () => "BEGIN:VCALENDAR");
    await app.inject({ method: "GET", url: `${CALENDAR_FEED_PATH}/${token}.ics` });
    await app.close();
    expect(text()).toContain('"url":"/calendar/[redacted]"');
    expect(text()).not.toContain(token);
  });

  it("are left out of addresses other code logs", () => {
    const { token } = issueCalendarToken();
    const { log, text } = memoryLog();
    log.warn({ clientError: { url: `https://app.example/calendar/${token}.ics` } }, "client error");
    expect(text()).toContain('"url":"https://app.example/calendar/[redacted]"');
    expect(text()).not.toContain(token);
  });
});
