import { QueryClient } from "@tanstack/react-query";
import { GRAPHQL_MAX_ATTEMPTS, GRAPHQL_MAX_RETRY_DELAY_MS } from "../../../shared/constants";
import { RequestError } from "./request";

/** tRPC codes that mean the request itself is wrong; asking again cannot help. */
const CLIENT_ERROR_CODES = new Set(["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "BAD_REQUEST"]);
/** Statuses in the 4xx range that are worth another try. */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 429]);

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
  }
  return chain;
}

function trpcData(error: unknown): { code?: unknown; httpStatus?: unknown } | undefined {
  const data = (error as { data?: unknown } | null)?.data;
  return typeof data === "object" && data !== null ? data : undefined;
}

export function isClientError(error: unknown): boolean {
  const data = trpcData(error);
  if (typeof data?.code === "string" && CLIENT_ERROR_CODES.has(data.code)) return true;
  const status = typeof data?.httpStatus === "number" ? data.httpStatus : undefined;
  return status !== undefined && status >= 400 && status < 500 && !RETRYABLE_CLIENT_STATUSES.has(status);
}

/**
 * GRAPHQL_MAX_ATTEMPTS counts attempts in all. Failures the request layer already retried are
 * not retried again, or an outage would cost 3 × 3 requests per query.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= GRAPHQL_MAX_ATTEMPTS - 1) return false;
  if (isClientError(error)) return false;
  return !causes(error).some((e) => e instanceof RequestError && (e.exhausted || e.status !== undefined));
}

export function queryRetryDelay(failureCount: number): number {
  return Math.min(500 * 2 ** failureCount, GRAPHQL_MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, retryDelay: queryRetryDelay },
      mutations: { retry: false },
    },
  });
}
