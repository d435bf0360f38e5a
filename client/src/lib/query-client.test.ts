// @vitest-environment node
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { GRAPHQL_MAX_ATTEMPTS, GRAPHQL_MAX_RETRY_DELAY_MS } from "../../../shared/constants";
import { queryRetryDelay, shouldRetryQuery } from "./query-client";
import { RequestError } from "./request";

function trpcError(code: string, httpStatus: number) {
  return TRPCClientError.from({ error: { message: code, code: -32000, data: { code, httpStatus } } });
}

describe("query retry policy", () => {
  it("never retries the 4xx-type tRPC errors", () => {
    for (const [code, status] of [
      ["UNAUTHORIZED", 401],
      ["FORBIDDEN", 403],
      ["NOT_FOUND", 404],
      ["BAD_REQUEST", 400],
    ] as const) {
      expect(shouldRetryQuery(0, trpcError(code, status))).toBe(false);
    }
  });

  it("retries other failures until the attempts are spent", () => {
    const error = trpcError("TOO_MANY_REQUESTS", 429);
    const attempts = 1 + [0, 1, 2, 3].filter((n) => shouldRetryQuery(n, error)).length;
    expect(attempts).toBe(GRAPHQL_MAX_ATTEMPTS);
    expect(shouldRetryQuery(0, new TypeError("Unexpected token < in JSON"))).toBe(true);
  });

  it("does not multiply the request layer's own retries", () => {
    const exhausted = new RequestError("server issue", undefined, true);
    expect(shouldRetryQuery(0, TRPCClientError.from(exhausted))).toBe(false);
    expect(shouldRetryQuery(0, new RequestError("bad input", 400, false))).toBe(false);
  });

  it("backs off exponentially up to the cap", () => {
    const delays = [0, 1, 2, 3, 4, 5].map((n) => queryRetryDelay(n));
    expect(delays[1]).toBeGreaterThan(delays[0] ?? 0);
    expect(Math.max(...delays)).toBe(GRAPHQL_MAX_RETRY_DELAY_MS);
  });
});
