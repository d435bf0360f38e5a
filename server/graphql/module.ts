import type { GraphQLResolveInfo } from "graphql";
import type { IResolvers, MercuriusContext } from "mercurius";
import type { ServiceContext } from "../core/context";
import type { RequestBatches } from "./loaders";

declare module "mercurius" {
  interface MercuriusContext {
    service: ServiceContext;
    /** The request's batched look-ups (see loaders.ts): one statement per nested field, not per item. */
    batches: RequestBatches;
  }
}

export type GraphqlContext = MercuriusContext;

/**
 * Every value for a set of keys, in one look-up. It is called with keys taken from parents that a
 * service already answered (so already authorized); it still starts with the permission check and
 * scopes by company, like any service function.
 */
export type BatchFn<V> = (ctx: ServiceContext, keys: readonly string[]) => Promise<Map<string, V>>;

/**
 * A field resolved through a request-wide batch: the field of 100 list items costs one call of
 * `batch`. Fields sharing a `batch` function share its look-up and its per-request cache.
 */
export interface FieldLoader<TParent = never, TValue = unknown> {
  /** The key to look up by; null answers null without a look-up. */
  key(parent: TParent): string | null;
  batch: BatchFn<TValue>;
  /**
   * The field's value when the parent already carries it (a detail answer's latest history),
   * sparing the look-up; undefined when it does not. It may throw to refuse the field.
   */
  known?(parent: TParent, info: GraphQLResolveInfo): unknown;
  /** The answer for a key the batch has nothing for (an empty list, or null). */
  missing: TValue | null;
  /** The field's part of a batch value, where several fields share one batch. */
  pick?(value: TValue): unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: each module's loaders have their own parent types.
export type FieldLoaders = Record<string, Record<string, FieldLoader<any, any>>>;

/** One module's part of the API customers' schema: SDL extending Query/Mutation, and its resolvers. */
export interface GraphqlModule {
  typeDefs: string;
  resolvers: IResolvers<unknown, GraphqlContext>;
  /** Type fields resolved through request-wide batches (see FieldLoader). */
  loaders?: FieldLoaders;
}
