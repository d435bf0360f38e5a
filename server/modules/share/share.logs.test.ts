import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { safeLoggerOptions } from "../../core/log-safety";
import { memoryLog, memoryStream } from "../../core/log-safety.testkit";

// A share link is a bearer token in a page's path, so the logs keep the path without it.

describe("share links in logs", () => {
  it("are left out of request lines", async () => {
    const { stream, text } = memoryStream();
    const app = Fastify({ logger: { level: "info", stream, ...safeLoggerOptions } });
    app.get("/app/*", async () => "page");
    await app.inject({ method: "GET", url: "/app/share/Sh4reT0ken-secret_value?x=1" });
    await app.close();
    expect(text()).toContain('"url":"/app/share/[redacted]"');
    expect(text()).not.toContain("Sh4reT0ken-secret_value");
  });

  it("are left out of addresses other code logs", () => {
    const { log, text } = memoryLog();
    log.warn(
      { clientError: { url: "https://app.example/app/share/Sh4reT0ken-secret_value" } },
      "client error",
    );
    expect(text()).toContain('"url":"https://app.example/app/share/[redacted]"');
    expect(text()).not.toContain("Sh4reT0ken-secret_value");
  });
});
