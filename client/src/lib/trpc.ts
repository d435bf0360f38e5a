import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/trpc/router";
import { request } from "./request";

export const trpc = createTRPCReact<AppRouter>();

/** What each procedure answers, for typing props of components that show it. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export function createTrpcClient() {
  return trpc.createClient({
    links: [httpBatchLink({ url: "/trpc", fetch: request })],
  });
}
