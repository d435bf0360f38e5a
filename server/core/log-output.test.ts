import { describe, expect, it } from "vitest";
import { logOutput } from "./log-output";

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
