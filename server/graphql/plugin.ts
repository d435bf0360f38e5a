import type { FastifyInstance, FastifyRequest } from "fastify";
import type { GraphQLError } from "graphql";
import mercurius from "mercurius";
import type { Actor, ServiceDeps } from "../core/context";
import { requestLanguage, serviceContextFor } from "../core/request-context";
import { refuseControlCharacters } from "./control-characters";
import { classifyClientFailure, clientFailureJson, logClientFailure, serviceFailuresJson } from "./errors";
import { graphqlParseOptions, graphqlValidationRules, refuseOversizedLists } from "./limits";
import { loaderResolvers, RequestBatches } from "./loaders";
import {
  GRAPHQL_RESPONSE_JSON,
  refusalStatus,
  responseMediaType,
  writeNegotiatedMediaType,
} from "./media-type";
import type { GraphqlContext, GraphqlModule } from "./module";
import { graphqlModules } from "./modules";
import { runTheNamedOperation } from "./operation-choice";
import { endOperationTiming, startOperationTiming } from "./operation-metrics";
import { rememberSnapshotForQueries } from "./read-only";
import { checkGraphqlRequestShape } from "./request-shape";
import { dateTimeScalar } from "./scalars";

const defaultModules: GraphqlModule[] = graphqlModules;

export interface GraphqlOptions {
  /** Whether clients may ask for the schema (__schema, __type); off in production by default. */
  introspection: boolean;
}

const rootTypeDefs = /* GraphQL */ `
  "An instant as an ISO 8601 string in UTC, e.g. 2026-01-15T09:30:00.000Z."
  scalar DateTime
  type Query {
    "The API's version (1); anyone may ask, e.g. as a health check."
    _version: String!
  }
`;

/** How many times a document runs interpreted before graphql-jit compiles it. */
const JIT_AFTER = 2;
/** Documents kept per process for automatic persisted queries (least recently used go first). */
const PERSISTED_QUERIES_KEPT = 1000;

/** A GraphQL document is small; 256 KB leaves room for variables without inviting floods. */
const GRAPHQL_BODY_LIMIT = 256 * 1024;

/** Query and Mutation fields come from every module; other type resolvers are module-owned. */
function mergeResolvers(list: GraphqlModule[]) {
  const merged: Record<string, unknown> = { Query: { _version: () => "1" }, DateTime: dateTimeScalar };
  const add = (type: string, fields: Record<string, unknown>) => {
    merged[type] = { ...((merged[type] as Record<string, unknown> | undefined) ?? {}), ...fields };
  };
  for (const m of list) {
    for (const [type, fields] of Object.entries(m.resolvers)) add(type, fields as Record<string, unknown>);
    for (const [type, fields] of Object.entries(loaderResolvers(m.loaders ?? {}))) add(type, fields);
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
    // Compiled with graphql-jit once a document has been seen twice (mercurius caches both).
    jit: JIT_AFTER,
    // Automatic persisted queries: a client sends the document's sha256 and, once told
    // PERSISTED_QUERY_NOT_FOUND, the document with it. The cache is only a cache (any process
    // answers a miss that way), so it may live in each process's memory.
    persistedQueryProvider: mercurius.persistedQueryDefaults.automatic(PERSISTED_QUERIES_KEPT),
    // A cross-site form or simple request cannot carry an Authorization header (it forces a CORS
    // preflight), so an API key's GET needs no other preflight header.
    csrfPrevention: {
      requiredHeaders: ["x-mercurius-operation-name", "mercurius-require-preflight", "authorization"],
    },
    allowBatchedQueries: false,
    validationRules: graphqlValidationRules(options),
    graphql: { parseOptions: graphqlParseOptions },
    additionalRouteOptions: {
      bodyLimit: GRAPHQL_BODY_LIMIT,
      preValidation: checkGraphqlRequestShape,
      onSend: writeNegotiatedMediaType,
    },
    context: async (req) => {
      const service = await serviceContextFor(deps, req, resolveActor);
      return { service, batches: new RequestBatches(service) };
    },
    errorFormatter: (execution, ctx) => {
      const req = (ctx as GraphqlContext).reply.request;
      const lang = requestLanguage(req);
      const errors = execution.errors as readonly GraphQLError[];
      // A refused request has one error from the framework (parse, validation, CSRF, batch).
      const failure = errors.length > 0 && errors[0] ? classifyClientFailure(errors[0], req) : null;
      if (failure) {
        logClientFailure(req.log, failure);
        const mediaType = responseMediaType(req);
        const errors = clientFailureJson(failure, lang, options.introspection);
        return {
          statusCode: refusalStatus(mediaType, failure.status, failure.requestError === true),
          // Nothing ran: GraphQL over HTTP has no data entry then; legacy JSON clients keep `data: null`.
          response: mediaType === GRAPHQL_RESPONSE_JSON ? { errors } : { data: null, errors },
        };
      }
      const formatted = serviceFailuresJson(errors, lang, req.log);
      // Keep mercurius's status for execution results (200 with data, per GraphQL over HTTP).
      const { statusCode } = mercurius.defaultErrorFormatter(execution, ctx);
      // Postgres out of reach: 503 like the other surfaces, so a load balancer routes around it.
      const unavailable = formatted.some((e) => e.extensions.code === "SERVER_ISSUE");
      return {
        statusCode: unavailable ? 503 : statusCode,
        response: { data: execution.data ?? null, errors: formatted },
      };
    },
  });
  app.graphql.addHook("preExecution", runTheNamedOperation);
  app.graphql.addHook("preExecution", refuseOversizedLists);
  app.graphql.addHook("preExecution", refuseControlCharacters);
  app.graphql.addHook("preExecution", rememberSnapshotForQueries);
  app.graphql.addHook("preExecution", startOperationTiming);
  app.graphql.addHook("onResolution", endOperationTiming);
}
