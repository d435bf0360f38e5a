import type { DocumentNode } from "graphql";
import { rememberRequestSnapshot } from "../core/request-cache";
import type { GraphqlContext } from "./module";
import { requestedOperationName } from "./operation-choice";

// A GraphQL query changes nothing, like a GET: it may reuse what authentication read (the user,
// company and contracts; core/request-cache) instead of reading them again for every check. The
// method cannot tell (queries come by POST), so the parsed document decides; with batching off a
// request holds one operation, or several of which the client names one.

function isQuery(document: DocumentNode, operationName: string | undefined): boolean {
  const operations = document.definitions.filter((d) => d.kind === "OperationDefinition");
  const chosen = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  return operations.length > 0 && chosen?.operation === "query";
}

export function rememberSnapshotForQueries(
  _schema: unknown,
  document: DocumentNode,
  context: GraphqlContext,
) {
  const req = context.reply.request;
  const auth = req.auth;
  const actor = context.service.actor;
  // Only the session the authenticator read: an API token's actor carries no such rows.
  if (!auth || actor.kind !== "user" || actor.sessionId !== auth.session.id) return;
  const name = requestedOperationName(req);
  const operationName = typeof name === "string" ? name : undefined;
  if (isQuery(document, operationName)) rememberRequestSnapshot(actor, auth);
}
