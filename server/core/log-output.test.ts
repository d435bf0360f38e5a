import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { lazyRequestLogger, logOutput } from "./log-output";
import { safeLoggerOptions } from "./log-safety";

describe("log output", () => {
  it("is pretty in development on a terminal", () => {
    expect(logOutput({ NODE_ENV: "development", LOG_FORMAT: undefined }, true).transport).toMatchObject({
      target: "pino-pretty",
    });
  });

  it("stays JSON in production, in tests and when development output is piped", () => {
    expect(logOutput({ NODE_ENV: "production", LOG_FORMAT: undefined }, true)).toEqual({});
    expect(logOutput({ NODE_ENV: "test", LOG_FORMAT: undefined }, true)).toEqual({});
    expect(logOutput({ NODE_ENV: "development", LOG_FORMAT: undefined }, false)).toEqual({});
  });

  it("follows LOG_FORMAT when set", () => {
    expect(logOutput({ NODE_ENV: "production", LOG_FORMAT: "pretty" }, false).transport).toBeDefined();
    expect(logOutput({ NODE_ENV: "development", LOG_FORMAT: "json" }, true)).toEqual({});
  });
});

describe("a request's logger", () => {
  function capture(level: string) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const parent = pino({ level, ...safeLoggerOptions }, stream);
    const child = vi.spyOn(parent, "child");
    return { parent, lines, child };
  }

  it("makes pino's child only when a line is written, and then writes it with the request id", async () => {
    const { parent, lines, child } = capture("warn");
    const log = lazyRequestLogger(parent, { reqId: "req-1" }, {});
    log.info({ detail: 1 }, "not at this level");
    log.debug("nor this");
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe("warn");
    log.warn({ token: "secret-value", detail: 2 }, "written");
    log.error("written too");
    expect(child).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ reqId: "req-1", msg: "written", detail: 2, token: "[Redacted]" });
    expect(lines[1]).toMatchObject({ reqId: "req-1", msg: "written too" });
  });

  it("is pino's child at once for a route with its own level, and gives children of its own", () => {
    const { parent, child } = capture("info");
    lazyRequestLogger(parent, { reqId: "req-2" }, { level: "debug" });
    expect(child).toHaveBeenCalledTimes(1);
    const lazy = lazyRequestLogger(parent, { reqId: "req-3" }, {});
    const quiet = lazy.child({}, { level: "silent" });
    expect(quiet.level).toBe("silent");
  });
});
