import type { FastifyInstance, FastifyRequest } from "fastify";
import type { GraphQLError } from "graphql";
import mercurius from "mercurius";
import type { Actor, ServiceDeps } from "../core/context";
import { toSafeError } from "../core/errors-map";
import { requestLanguage, serviceContextFor } from "../core/request-context";
import { carriersGraphql } from "../modules/carriers/carriers.graphql";
import type { GraphqlContext, GraphqlModule } from "./module";

const defaultModules: GraphqlModule[] = [carriersGraphql];

const rootTypeDefs = /* GraphQL */ `
  type Query {
    _version: String!
  }
`;

/** Query and Mutation fields come from every module; other type resolvers are module-owned. */
function mergeResolvers(list: GraphqlModule[]) {
  const merged: Record<string, Record<string, unknown>> = { Query: { _version: () => "1" } };
  for (const m of list) {
    for (const [type, fields] of Object.entries(m.resolvers)) {
      merged[type] = { ...(merged[type] ?? {}), ...(fields as Record<string, unknown>) };
    }
  }
  return merged as GraphqlModule["resolvers"];
}

export async function registerGraphql(
  app: FastifyInstance,
  deps: ServiceDeps,
  resolveActor: (req: FastifyRequest) => Promise<Actor>,
  modules: GraphqlModule[] = defaultModules,
) {
  await app.register(mercurius, {
    path: "/graphql",
    schema: [rootTypeDefs, ...modules.map((m) => m.typeDefs)],
    resolvers: mergeResolvers(modules),
    graphiql: false,
    csrfPrevention: true,
    context: async (req) => ({ service: await serviceContextFor(deps, req, resolveActor) }),
    errorFormatter: (execution, ctx) => {
      const req = (ctx as GraphqlContext).reply.request;
      const lang = requestLanguage(req);
      const errors = execution.errors.map((e: GraphQLError) => {
        // Errors without an original error are GraphQL validation/syntax errors: their text is safe.
        if (!e.originalError || e.originalError.name === "GraphQLError") return e.toJSON();
        const safe = toSafeError(e.originalError, lang, req.log);
        return {
          message: safe.message,
          locations: e.locations,
          path: e.path,
          extensions: { code: safe.code },
        };
      });
      // Keep mercurius's status (e.g. 400 for a CSRF refusal or a malformed query); only the texts change.
      const { statusCode } = mercurius.defaultErrorFormatter(execution, ctx);
      return { statusCode, response: { data: execution.data ?? null, errors } };
    },
  });
}
