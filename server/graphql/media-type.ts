import type { FastifyReply, FastifyRequest } from "fastify";
import Negotiator from "negotiator";

// GraphQL over HTTP's two response media types (see docs/decisions/0024-graphql-response-media-type.md).
// application/graphql-response+json says the body is a GraphQL response whatever the status, so a
// client (Apollo Client 4) reads `errors[].extensions.code` from a 400/401/403/429 too; it is
// answered when the client's Accept prefers it. application/json stays for clients that ask for it,
// send no Accept, or accept anything (*/*), as legacy clients expect.

export const GRAPHQL_RESPONSE_JSON = "application/graphql-response+json";
export const LEGACY_JSON = "application/json";
export type GraphqlMediaType = typeof GRAPHQL_RESPONSE_JSON | typeof LEGACY_JSON;

/** The media type the answer to this request is written in. */
export function responseMediaType(req: FastifyRequest): GraphqlMediaType {
  if (!req.headers.accept) return LEGACY_JSON;
  const chosen = new Negotiator(req).mediaType([LEGACY_JSON, GRAPHQL_RESPONSE_JSON]);
  return chosen === GRAPHQL_RESPONSE_JSON ? GRAPHQL_RESPONSE_JSON : LEGACY_JSON;
}

/**
 * The status of a refused request. With application/json a well-formed request whose document
 * fails to parse or validate answers 200 (legacy clients read any 4xx as a transport failure);
 * with application/graphql-response+json it answers its own 4xx. A request that is not a GraphQL
 * request at all (not JSON, wrong parameters, a batch, a cross-site form) is 4xx in both.
 */
export function refusalStatus(mediaType: GraphqlMediaType, status: number, requestError: boolean): number {
  return mediaType === LEGACY_JSON && requestError ? 200 : status;
}

/**
 * A route onSend hook: every JSON answer of /graphql (the formatter's, and the API key checks'
 * 401/403/429 sent before mercurius runs) goes out in the negotiated media type.
 */
export async function writeNegotiatedMediaType(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const vary = String(reply.getHeader("vary") ?? "");
  if (!/\baccept\b/i.test(vary)) reply.header("vary", vary ? `${vary}, Accept` : "Accept");
  const current = String(reply.getHeader("content-type") ?? "");
  if (current.startsWith(LEGACY_JSON) && responseMediaType(req) === GRAPHQL_RESPONSE_JSON) {
    reply.header("content-type", `${GRAPHQL_RESPONSE_JSON}; charset=utf-8`);
  }
  return payload;
}
