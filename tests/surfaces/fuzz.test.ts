import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import type { GraphQLField, GraphQLSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { users } from "../../server/db/schema";
import { createSession } from "../../server/modules/auth/session.internal";
import { LIVE_EVENTS_PATH } from "../../server/modules/live/live.rest";
import { type StripeFake, startStripeFake } from "../../server/modules/plans/stripe-fake.testkit";
import { appRouter } from "../../server/trpc/router";
import { buildWorld, NOW, type World } from "../authz/world";
import { createTestApp, type TestApp } from "../setup/app";
import {
  graphqlArbitrary,
  graphqlCjs,
  jsonArbitrary,
  type KnownValues,
  textArbitrary,
  zodArbitrary,
} from "./fuzz-arbitraries";
import { type Caller, send } from "./surface-kit";

// Property-based fuzzing of every surface: generated strings and shapes go to every tRPC procedure
// (enumerated from the router), every GraphQL root operation (from the built schema) and every REST
// route (from Fastify's route table), as a signed-in Admin and anonymously. Whatever comes in, the
// answer is never a 5xx: bad input is the client's mistake and is answered as one.
//
// Bounded: FUZZ_RUNS generated calls per target and caller (default 4), from FUZZ_SEED (default
// fixed, so a failure replays; set another to explore). FUZZ_LOG=error shows the server's errors.

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
/** Each surface's share of the time: a few seconds a run on a loaded two-core machine. */
const TIMEOUT_MS = 30_000 + RUNS * 15_000;
const clock = new TestClock(NOW);

let t: TestApp;
let world: World;
let known: KnownValues;
let stripe: StripeFake;
const failures: string[] = [];

beforeAll(async () => {
  // A deployment with card payment configured (a local Stripe fake), so the payment routes are
  // fuzzed as they run, not as a deployment that has none (503 by design).
  stripe = await startStripeFake();
  t = await createTestApp({
    clock,
    env: {
      ...stripe.env,
      // The carrier simulator fails a share of its answers on purpose (a third party's 5xx).
      CARRIER_SIMULATOR_FAULT_RATE: "0",
      LOG_LEVEL: process.env.FUZZ_LOG ?? "silent",
    },
  });
  world = await buildWorld(t.database.db);
  known = {
    ids: [
      world.company.id,
      world.teams.A.id,
      world.teams.B.id,
      world.roles.ADMIN.id,
      world.roles.OPERATOR.id,
      world.shipment.id,
      world.attachment.id,
      world.invitation.id,
      world.guest.id,
      world.foreign.company.id,
    ],
    strings: [
      world.invitationToken,
      world.roles.ADMIN.email,
      world.guest.email,
      world.shipment.trackingNumber,
    ],
  };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** The callers of one target: a fresh Admin session (an earlier call may have signed it out) and nobody. */
async function callers(): Promise<Caller[]> {
  const [admin] = await t.database.db.select().from(users).where(eq(users.id, world.roles.ADMIN.id));
  // A generated call may have deleted the account or company; start again from a new world then.
  if (!admin?.companyId) world = await buildWorld(t.database.db);
  const { token } = await createSession(t.database.db, clock, world.roles.ADMIN.id);
  return [
    { name: "admin", cookie: `session=${token}` },
    { name: "anonymous", cookie: null },
  ];
}

/** Runs the property for one target and caller; a 5xx is recorded with fast-check's counterexample. */
async function fuzz<T>(
  target: string,
  caller: Caller,
  arbitrary: fc.Arbitrary<T>,
  call: (value: T) => Promise<number>,
) {
  const seen: string[] = [];
  try {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (value) => {
        const status = await call(value);
        if (status >= 500) seen.push(`${status}`);
        return status < 500;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: process.env.FUZZ_SHRINK !== "1" },
    );
  } catch (err) {
    const detail = (err as Error).message.split("\n").slice(0, 4).join(" | ");
    failures.push(`${target} as ${caller.name}: HTTP ${seen.join(", ") || "(no answer)"}: ${detail}`);
  }
}

describe("every surface answers generated input without a 5xx", () => {
  it("tRPC: every procedure of the router", { timeout: TIMEOUT_MS }, async () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: "query" | "mutation" | "subscription"; inputs: unknown[] } }
    >;
    const paths = Object.keys(procedures).sort();
    expect(paths.length).toBeGreaterThan(100);
    for (const path of paths) {
      const def = procedures[path]!._def;
      if (def.type === "subscription") continue;
      const input = zodArbitrary(def.inputs[0] as never, known);
      for (const caller of await callers()) {
        await fuzz(`tRPC ${path}`, caller, input, async (value) => {
          const res =
            def.type === "query"
              ? await send(t.app, caller, {
                  method: "GET",
                  url: `/trpc/${path}${value === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(value))}`}`,
                })
              : await send(t.app, caller, {
                  method: "POST",
                  url: `/trpc/${path}`,
                  payload: value === undefined ? "" : JSON.stringify(value),
                  headers: { "content-type": "application/json" },
                });
          return res.statusCode;
        });
      }
    }
  });

  it("GraphQL: every root query and mutation of the built schema", { timeout: TIMEOUT_MS }, async () => {
    const schema = (t.app as FastifyInstance & { graphql: { schema: GraphQLSchema } }).graphql.schema;
    const roots = [
      ["query", schema.getQueryType()],
      ["mutation", schema.getMutationType()],
    ] as const;
    let count = 0;
    for (const [kind, root] of roots) {
      if (!root) continue;
      for (const field of Object.values(root.getFields()) as GraphQLField<unknown, unknown>[]) {
        count += 1;
        const document = operationFor(kind, field);
        const variables = fc.record(
          Object.fromEntries(field.args.map((a) => [a.name, graphqlArbitrary(a.type, known)])),
          { requiredKeys: [] },
        );
        for (const caller of await callers()) {
          await fuzz(`GraphQL ${kind} ${field.name}`, caller, variables, async (value) => {
            const res = await send(t.app, caller, {
              method: "POST",
              url: "/graphql",
              payload: JSON.stringify({ query: document, variables: value }),
              headers: { "content-type": "application/json" },
            });
            return res.statusCode;
          });
        }
      }
    }
    expect(count).toBeGreaterThan(30);
    // And request bodies of any shape.
    for (const caller of await callers()) {
      await fuzz("GraphQL request body", caller, jsonArbitrary(known), async (value) => {
        const res = await send(t.app, caller, {
          method: "POST",
          url: "/graphql",
          payload: JSON.stringify(value),
          headers: { "content-type": "application/json" },
        });
        return res.statusCode;
      });
    }
  });

  it("REST: every route of Fastify's route table", { timeout: TIMEOUT_MS }, async () => {
    const routes = restRoutes(t.app);
    expect(routes.length).toBeGreaterThan(25);
    const request = fc.record({
      params: fc.array(textArbitrary(known), { minLength: 3, maxLength: 3 }),
      query: fc.dictionary(textArbitrary(known), textArbitrary(known), { maxKeys: 3 }),
      body: jsonArbitrary(known),
      form: fc.boolean(),
    });
    for (const route of routes) {
      for (const caller of await callers()) {
        await fuzz(`REST ${route.method} ${route.path}`, caller, request, async (value) => {
          let n = 0;
          const path = route.path.replace(/:\w+/g, () => percentEncoded(value.params[n++] ?? ""));
          const qs = new URLSearchParams(value.query).toString();
          const url = qs ? `${path}?${qs}` : path;
          const hasBody = route.method !== "GET";
          const res = await send(t.app, caller, {
            method: route.method,
            url,
            // The live stream stays open for as long as the browser listens.
            stream: route.method === "GET" && route.path === LIVE_EVENTS_PATH,
            ...(hasBody
              ? value.form
                ? {
                    payload: new URLSearchParams(
                      Object.entries(value.query).concat([["shipmentIds", String(value.params[0])]]),
                    ).toString(),
                    headers: { "content-type": "application/x-www-form-urlencoded" },
                  }
                : { payload: JSON.stringify(value.body), headers: { "content-type": "application/json" } }
              : {}),
          });
          return res.statusCode;
        });
      }
    }
  });

  it("found no 5xx on any of them", () => {
    expect(failures, failures.join("\n")).toEqual([]);
  });
});

/** Every UTF-8 byte percent-encoded (a lone surrogate as the replacement character, as a browser sends it). */
function percentEncoded(text: string): string {
  return [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
}

/** `query Q($a: T, …) { field(a: $a, …) { __typename } }` for one root field. */
function operationFor(kind: "query" | "mutation", field: GraphQLField<unknown, unknown>): string {
  const declarations = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(", ");
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
  const named = graphqlCjs.getNamedType(field.type);
  const selection = graphqlCjs.isLeafType(named) ? "" : " { __typename }";
  return `${kind} Fuzz${declarations ? `(${declarations})` : ""} { ${field.name}${args ? `(${args})` : ""}${selection} }`;
}

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/**
 * Routes as Fastify prints its route table (full paths, one method each), except the surfaces
 * fuzzed above and the built console's static files.
 */
function restRoutes(app: FastifyInstance): { method: Method; path: string }[] {
  const lines = app.printRoutes({ commonPrefix: false }).split("\n");
  const stack: string[] = [];
  const routes: { method: Method; path: string }[] = [];
  for (const line of lines) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    stack.push(match[2] ?? "");
    const path = stack.join("");
    for (const method of (match[3] ?? "").split(", ")) {
      if (!["GET", "POST", "PUT", "DELETE", "PATCH"].includes(method)) continue;
      if (path.startsWith("/trpc/") || path === "/graphql" || path.startsWith("/assets/")) continue;
      if (path === "/index.html") continue;
      routes.push({ method: method as Method, path });
    }
  }
  return routes;
}
