import type { GraphQLResolveInfo } from "graphql";
import type { ServiceContext } from "../core/context";
import type { BatchFn, FieldLoader, FieldLoaders, GraphqlContext } from "./module";

// Request-wide batching of nested fields (DataLoader's idea, keyed by plain ids so no parent is
// ever serialized): every key asked for while graphql-js walks one level of a list is collected,
// and the batch function runs once for all of them after the current turn of the event loop.

interface Pending<V> {
  key: string;
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

class Batcher<V> {
  private readonly cache = new Map<string, Promise<V | undefined>>();
  private pending: Pending<V>[] = [];

  constructor(
    private readonly ctx: ServiceContext,
    private readonly fn: BatchFn<V>,
  ) {}

  load(key: string): Promise<V | undefined> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V | undefined>((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.flush());
      this.pending.push({ key, resolve, reject });
    });
    this.cache.set(key, promise);
    return promise;
  }

  private flush() {
    const batch = this.pending;
    this.pending = [];
    // setImmediate runs after every promise job of this turn, so nested fields resolved in
    // separate microtasks still land in one batch.
    this.fn(
      this.ctx,
      batch.map((p) => p.key),
    ).then(
      (values) => {
        for (const p of batch) p.resolve(values.get(p.key));
      },
      (error: unknown) => {
        for (const p of batch) p.reject(error);
      },
    );
  }
}

/** One per GraphQL request: the batchers by batch function, so fields sharing one share a look-up. */
export class RequestBatches {
  private readonly batchers = new Map<BatchFn<unknown>, Batcher<unknown>>();

  constructor(private readonly ctx: ServiceContext) {}

  load<V>(fn: BatchFn<V>, key: string): Promise<V | undefined> {
    let batcher = this.batchers.get(fn as BatchFn<unknown>) as Batcher<V> | undefined;
    if (!batcher) {
      batcher = new Batcher(this.ctx, fn);
      this.batchers.set(fn as BatchFn<unknown>, batcher as Batcher<unknown>);
    }
    return batcher.load(key);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the parent type is the module's own.
function loaderResolver(loader: FieldLoader<any, unknown>) {
  return (parent: unknown, _args: unknown, ctx: GraphqlContext, info: GraphQLResolveInfo) => {
    const known = loader.known?.(parent, info);
    if (known !== undefined) return known;
    const key = loader.key(parent);
    if (key === null) return null;
    const pick = loader.pick;
    return ctx.batches
      .load(loader.batch, key)
      .then((value) => (value === undefined ? loader.missing : pick ? pick(value) : value));
  };
}

/** The loaders of every module as ordinary field resolvers. */
export function loaderResolvers(loaders: FieldLoaders): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [type, fields] of Object.entries(loaders)) {
    const resolvers: Record<string, unknown> = {};
    for (const [field, loader] of Object.entries(fields)) resolvers[field] = loaderResolver(loader);
    out[type] = resolvers;
  }
  return out;
}
