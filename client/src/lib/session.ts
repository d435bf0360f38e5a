import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/trpc/router";
import { fetchMe } from "./auth-api";
import { trpc } from "./trpc";

export type Viewer = inferRouterOutputs<AppRouter>["account"]["viewer"];

export const ME_QUERY_KEY = ["auth", "me"] as const;

/** GET /auth/me: the session as the auth screens see it; null when signed out. */
export function useMeQuery(options: { refetchInterval?: number | false; enabled?: boolean } = {}) {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: () => fetchMe(), ...options });
}

/** account.viewer: the account, its company and teams — everything the gates decide on. */
export function useViewerQuery(options: { enabled?: boolean } = {}) {
  return trpc.account.viewer.useQuery(undefined, { staleTime: 30_000, ...options });
}

function errorData(error: unknown): { httpStatus?: unknown; appCode?: unknown } | undefined {
  const data = (error as { data?: unknown } | null)?.data;
  return typeof data === "object" && data !== null ? data : undefined;
}

/** A tRPC refusal that means "nobody is signed in" (or the session just ended). */
export function isSignedOutTrpcError(error: unknown): boolean {
  const data = errorData(error);
  return (
    data?.httpStatus === 401 || data?.appCode === "UNAUTHENTICATED" || data?.appCode === "SESSION_EXPIRED"
  );
}

/** The server's error code carried by a tRPC error, e.g. COMPANY_ALREADY_EXISTS. */
export function trpcAppCode(error: unknown): string | undefined {
  const code = errorData(error)?.appCode;
  return typeof code === "string" ? code : undefined;
}

/**
 * After anything that changes who is signed in or what they may see (sign-in, MFA, verification,
 * company creation), cached answers about the old state must not be shown again.
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.clear();
}
