import { ROLE_IDS, type Role } from "../../shared/enums";
import { translate } from "../../shared/i18n";
import type { Config } from "../config";
import type { ServiceContext } from "../core/context";
import type { GraphqlContext } from "./module";

// What the account, company and team GraphQL resolvers share besides the service functions they
// call. Arguments are parsed with the shared zod schemas in each resolver (a ZodError is answered
// VALIDATION_FAILED with the schema's messages by server/graphql/errors.ts).

const memos = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * The answer of `load` once per owner (the parent object of the fields, or the request's service
 * context) and key: `viewer { company { phoneNumber workEmail } }` calls the settings service once,
 * and a refusal is the same refusal for every field that asked. Keyed on the parent, each mutation's
 * answer reads afresh what an earlier mutation of the same document changed.
 */
export function once<T>(owner: object, key: string, load: () => Promise<T>): Promise<T> {
  let cache = memos.get(owner);
  if (!cache) {
    cache = new Map();
    memos.set(owner, cache);
  }
  const hit = cache.get(key);
  if (hit) return hit as Promise<T>;
  const promise = load();
  cache.set(key, promise);
  return promise;
}

/** A role as the API shows it: the fixed id (spec 02 §3) and its name in the request's language. */
export function roleView(ctx: ServiceContext, role: Role) {
  return { id: ROLE_IDS[role], name: translate(ctx.lang, `roles.names.${role}`) };
}

declare module "fastify" {
  interface FastifyInstance {
    /** Decorated in server/app.ts. */
    appConfig: Config;
  }
}

/** The deployment's settings, as tRPC procedures get them in their context. */
export function appConfig(ctx: GraphqlContext): Config {
  const config = ctx.app.appConfig;
  if (!config) throw new Error("the Fastify instance has no appConfig: build it with server/app.ts buildApp");
  return config;
}

type FieldResolver<P> = (parent: P, args: Record<string, unknown>, ctx: GraphqlContext) => unknown;

/**
 * The field resolvers of one object type, written against the parent its producers answer (the
 * schema guarantees which resolver's answer a type's fields receive; mercurius types it unknown).
 */
export function fieldsOf<P>(
  fields: Record<string, FieldResolver<P>>,
): Record<string, FieldResolver<unknown>> {
  return fields as Record<string, FieldResolver<unknown>>;
}
