import type { FastifyInstance, FastifyRequest } from "fastify";
import type { GraphQLError } from "graphql";
import mercurius from "mercurius";
import type { Actor, ServiceDeps } from "../core/context";
import { requestLanguage, serviceContextFor } from "../core/request-context";
import { classifyClientFailure, clientFailureJson, logClientFailure, serviceFailureJson } from "./errors";
import { graphqlParseOptions, graphqlValidationRules } from "./limits";
import type { GraphqlContext, GraphqlModule } from "./module";
import { graphqlModules } from "./modules";

const defaultModules: GraphqlModule[] = graphqlModules;

export interface GraphqlOptions {
  /** Whether clients may ask for the schema (__schema, __type); off in production by default. */
  introspection: boolean;
}

const rootTypeDefs = /* GraphQL */ `
  type Query {
    _version: String!
  }
`;

/** A GraphQL document is small; 256 KB leaves room for variables without inviting floods. */
const GRAPHQL_BODY_LIMIT = 256 * 1024;

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
  options: GraphqlOptions = { introspection: true },
) {
  await app.register(mercurius, {
    path: "/graphql",
    schema: [rootTypeDefs, ...modules.map((m) => m.typeDefs)],
    resolvers: mergeResolvers(modules),
    graphiql: false,
    csrfPrevention: true,
    allowBatchedQueries: false,
    validationRules: graphqlValidationRules(options),
    graphql: { parseOptions: graphqlParseOptions },
    additionalRouteOptions: { bodyLimit: GRAPHQL_BODY_LIMIT },
    context: async (req) => ({ service: await serviceContextFor(deps, req, resolveActor) }),
    errorFormatter: (execution, ctx) => {
      const req = (ctx as GraphqlContext).reply.request;
      const lang = requestLanguage(req);
      const errors = execution.errors as readonly GraphQLError[];
      // A refused request has one error from the framework (parse, validation, CSRF, batch).
      const failure = errors.length > 0 && errors[0] ? classifyClientFailure(errors[0], req) : null;
      if (failure) {
        logClientFailure(req.log, failure);
        return {
          statusCode: failure.status,
          response: { data: null, errors: clientFailureJson(failure, lang, options.introspection) },
        };
      }
      const formatted = errors.map((e) => serviceFailureJson(e, lang, req.log));
      // Keep mercurius's status for execution results (200 with data, per GraphQL over HTTP).
      const { statusCode } = mercurius.defaultErrorFormatter(execution, ctx);
      return { statusCode, response: { data: execution.data ?? null, errors: formatted } };
    },
  });
}
