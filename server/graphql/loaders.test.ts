import { Writable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../core/clock";
import type { ServiceDeps } from "../core/context";
import type { JobQueue } from "../jobs/queue";
import { installRestErrorHandler } from "../rest/errors";
import type { BatchFn, GraphqlModule } from "./module";
import { registerGraphql } from "./plugin";

// Request-wide batching of nested fields (loaders.ts): every item of a list, at every level, is
// looked up in one call of its batch function; what a parent carries is not looked up; fields
// sharing a batch share its call; and a failed batch is logged once, not once per item.

const calls: { fn: string; keys: string[] }[] = [];
const lines: { level: number; msg: string }[] = [];
let app: FastifyInstance;

interface Item {
  id: string;
  ownerId: string;
  known?: { name: string };
}

const owners: BatchFn<{ name: string; teamId: string }> = async (_ctx, keys) => {
  calls.push({ fn: "owners", keys: [...keys] });
  return new Map(keys.map((k) => [k, { name: `owner ${k}`, teamId: `t${Number(k.slice(1)) % 3}` }]));
};
const teams: BatchFn<{ name: string; size: number }> = async (_ctx, keys) => {
  calls.push({ fn: "teams", keys: [...keys] });
  return new Map(keys.filter((k) => k !== "t0").map((k) => [k, { name: `team ${k}`, size: 7 }]));
};
const broken: BatchFn<string> = async () => {
  calls.push({ fn: "broken", keys: [] });
  throw new Error("the database went away");
};

const items: Item[] = Array.from({ length: 50 }, (_, i) => ({
  id: `i${i}`,
  ownerId: `u${i % 10}`,
  ...(i === 0 ? { known: { name: "carried" } } : {}),
}));

const module: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type Team { name: String! size: Int! }
    type Owner { name: String! team: Team teamSize: Int }
    type Item { id: ID! owner: Owner! broken: String }
    extend type Query { items: [Item!]! }
  `,
  resolvers: { Query: { items: () => items } },
  loaders: {
    Item: {
      owner: { key: (i: Item) => i.ownerId, batch: owners, known: (i: Item) => i.known, missing: null },
      broken: { key: (i: Item) => i.id, batch: broken, missing: null },
    },
    Owner: {
      team: { key: (o: { teamId?: string }) => o.teamId ?? null, batch: teams, missing: null },
      teamSize: {
        key: (o: { teamId?: string }) => o.teamId ?? null,
        batch: teams,
        missing: null,
        pick: (t: { size: number }) => t.size,
      },
    },
  },
};

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = Fastify({ loggerInstance: pino({ level: "info" }, sink) }) as unknown as FastifyInstance;
  const deps: ServiceDeps = {
    db: undefined as never,
    jobs: undefined as unknown as JobQueue,
    clock: systemClock,
    log: app.log,
  };
  installRestErrorHandler(app);
  await registerGraphql(app, deps, async () => ({ kind: "anonymous" }) as const, [module], {
    introspection: false,
  });
});
afterAll(() => app.close());

const query = (q: string) =>
  app.inject({
    method: "POST",
    url: "/graphql",
    headers: { "content-type": "application/json" },
    payload: { query: q },
  });

describe("request-wide batches", () => {
  it("look up each level of a list once, with each key once, sharing a batch between fields", async () => {
    calls.length = 0;
    const res = await query("{ items { id owner { name team { name } teamSize } } }");
    const body = res.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.items).toHaveLength(50);
    // Item 0 carries its owner: no look-up for it, and nothing below it to batch.
    expect(body.data.items[0].owner).toEqual({ name: "carried", team: null, teamSize: null });
    expect(body.data.items[1].owner).toEqual({ name: "owner u1", team: { name: "team t1" }, teamSize: 7 });
    // A key the batch has nothing for answers `missing`.
    expect(body.data.items[3].owner.team).toBeNull();
    expect(calls).toEqual([
      { fn: "owners", keys: ["u1", "u2", "u3", "u4", "u5", "u6", "u7", "u8", "u9", "u0"] },
      { fn: "teams", keys: ["t1", "t2", "t0"] },
    ]);
  });

  it("log a failed batch once although every item's field fails", async () => {
    calls.length = 0;
    const mark = lines.length;
    const res = await query("{ items { id broken } }");
    const body = res.json();
    expect(body.errors).toHaveLength(50);
    expect(body.errors.every((e: { extensions: { code: string } }) => e.extensions.code === "INTERNAL")).toBe(
      true,
    );
    expect(calls).toEqual([{ fn: "broken", keys: [] }]);
    expect(lines.slice(mark).filter((l) => l.level >= 50)).toHaveLength(1);
  });
});
