import Fastify, { type FastifyInstance } from "fastify";
import { buildSchema, type GraphQLSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../server/core/clock";
import type { ServiceDeps } from "../../server/core/context";
import type { GraphqlModule } from "../../server/graphql/module";
import { registerGraphql } from "../../server/graphql/plugin";
import type { JobQueue } from "../../server/jobs/queue";
import { createTestApp, type TestApp } from "../setup/app";

// The SDL is what integrators read (GET /graphql/schema.graphql, codegen, IDEs): every type, field,
// argument and enum value says what it is (units, time zone, who may read it). Built-in scalars and
// the introspection types are graphql-js's own and carry its descriptions.

const BUILT_IN_SCALARS = new Set(["String", "Int", "Float", "Boolean", "ID"]);

interface Described {
  name: string;
  description?: string | null;
}
interface Field extends Described {
  args?: readonly Described[];
}
interface NamedType extends Described {
  getFields?(): Record<string, Field>;
  getValues?(): readonly Described[];
}

/**
 * Every schema coordinate (Type, Type.field, Type.field(arg:), Enum.VALUE) without a description.
 * Read by shape, not with graphql's isObjectType & co.: the app's schema comes from mercurius's copy
 * of graphql, which the test's import may not be (one realm per module format).
 */
function undescribed(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const blank = (text: string | null | undefined) => !text || text.trim() === "";
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].map(
    (root) => root?.name,
  );
  for (const type of Object.values(schema.getTypeMap()) as unknown as NamedType[]) {
    if (type.name.startsWith("__") || BUILT_IN_SCALARS.has(type.name)) continue;
    // The root types are named by the GraphQL spec; their fields are what needs saying.
    if (!roots.includes(type.name) && blank(type.description)) missing.push(type.name);
    for (const field of Object.values(type.getFields?.() ?? {})) {
      if (blank(field.description)) missing.push(`${type.name}.${field.name}`);
      for (const arg of field.args ?? []) {
        if (blank(arg.description)) missing.push(`${type.name}.${field.name}(${arg.name}:)`);
      }
    }
    for (const value of type.getValues?.() ?? []) {
      if (blank(value.description)) missing.push(`${type.name}.${value.name}`);
    }
  }
  return missing.sort();
}

let bare: FastifyInstance;
let t: TestApp;
beforeAll(async () => {
  // The schema as the app builds it (its modules, scalars and root), without a database.
  bare = Fastify();
  const deps = { db: undefined, jobs: undefined as unknown as JobQueue, clock: systemClock, log: bare.log };
  await registerGraphql(bare, deps as unknown as ServiceDeps, async () => ({ kind: "anonymous" }) as const);
  await bare.ready();
  t = await createTestApp();
});
afterAll(async () => {
  await bare.close();
  await t.close();
});

describe("the schema's descriptions", () => {
  it("describe every type, field, argument and enum value of the built schema", () => {
    expect(undescribed(bare.graphql.schema)).toEqual([]);
  });

  it("are in the SDL served at /graphql/schema.graphql, which builds the same described schema", async () => {
    const res = await t.app.inject({ method: "GET", url: "/graphql/schema.graphql" });
    expect(res.statusCode).toBe(200);
    const sdl = res.body;
    expect(undescribed(buildSchema(sdl))).toEqual([]);
    // What an integrator reads next to the fields: units, time zones and who may read them.
    expect(sdl).toMatch(/The contract in force[^"]*Every member\.\s*"""\s*currentContract: Contract/);
    expect(sdl).toMatch(/An instant as an ISO 8601 string in UTC[^"]*"+\s*scalar DateTime/);
    expect(sdl).toMatch(/Admins \(Plan and Payment\)[^"]*"+\s*contracts: \[Contract!\]/);
  });

  it("finds what is missing: a module with an undescribed type, field, argument and value fails", async () => {
    const sloppy: GraphqlModule = {
      typeDefs: /* GraphQL */ `
        "Described."
        enum Shade { "Described." DARK LIGHT }
        type Paint { "Described." id: ID! shade: Shade }
        extend type Query {
          "Described."
          paint(id: ID!, "Described." shade: Shade): Paint
        }
      `,
      resolvers: { Query: { paint: () => null } },
    };
    const app = Fastify();
    const deps = { db: undefined, jobs: undefined as unknown as JobQueue, clock: systemClock, log: app.log };
    await registerGraphql(app, deps as unknown as ServiceDeps, async () => ({ kind: "anonymous" }) as const, [
      sloppy,
    ]);
    await app.ready();
    expect(undescribed(app.graphql.schema)).toEqual([
      "Paint",
      "Paint.shade",
      "Query.paint(id:)",
      "Shade.LIGHT",
    ]);
    await app.close();
  });
});
