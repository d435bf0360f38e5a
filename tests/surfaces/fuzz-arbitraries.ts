import { createRequire } from "node:module";
import fc from "fast-check";
import type { GraphQLInputType } from "graphql";
import type { z } from "zod";

// The app's schema is built by graphql's CommonJS build (server/graphql/limits.ts says why); its
// type checks must come from the same build.
export const graphqlCjs: typeof import("graphql") = createRequire(import.meta.url)("graphql");
const { getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType } = graphqlCjs;

// Generated input for the surface fuzz test (fuzz.test.ts): strings people and scripts send
// (control characters, lone surrogates, very long text, the ids of the world's own records), and
// values shaped after each procedure's zod schema or each GraphQL argument's type, so generated
// input gets past the first check and into the services, mixed with shapes that do not fit at all.

/** Ids and tokens of records that exist, so some calls reach real rows. */
export interface KnownValues {
  ids: string[];
  strings: string[];
}

const awkwardCharacters = [
  "\u0000",
  "\u0001",
  "\u001b",
  "\u007f",
  "\t",
  "\n",
  "\r",
  "\ud800",
  "\udfff",
  "\u202e",
  "\ufeff",
  "東",
  "🚢",
  "'",
  '"',
  "\\",
  "%",
  "_",
  "*",
  ",",
  ";",
  "<",
  "a",
  "Z",
  "0",
  "-",
  " ",
  "/",
  ".",
  "@",
];

export function textArbitrary(known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.string({ maxLength: 12 }), weight: 3 },
    { arbitrary: fc.string({ unit: fc.constantFrom(...awkwardCharacters), maxLength: 16 }), weight: 3 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 12 }), weight: 1 },
    { arbitrary: fc.constantFrom(...known.ids, ...known.strings), weight: 3 },
    { arbitrary: fc.uuid(), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        "",
        " ",
        "2026-01-15",
        "2026/02/30",
        "2026-01-15T00:00:00Z",
        "a@b.example",
        "MSKU1234565",
        "HEADQUARTER",
        "NaN",
        "-1",
        "1e309",
        "null",
        "__proto__",
        "constructor",
      ),
      weight: 2,
    },
    { arbitrary: fc.string({ minLength: 300, maxLength: 5000 }), weight: 1 },
  );
}

function numberArbitrary(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer({ min: -5, max: 200 }),
    fc.integer(),
    fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 0.5),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
}

/** Any JSON value, nested a few levels. */
export function jsonArbitrary(known: KnownValues): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    textArbitrary(known),
    numberArbitrary(),
    fc.boolean(),
    fc.constant(null),
  ) as fc.Arbitrary<unknown>;
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      scalar,
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(textArbitrary(known), tie("value"), { maxKeys: 4 }),
    ),
  }));
  return value;
}

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions, read generically.
type ZodDef = any;

/** A value shaped after a zod schema (zod 4's definitions), now and then something else entirely. */
export function zodArbitrary(
  schema: z.ZodType | undefined,
  known: KnownValues,
  depth = 0,
): fc.Arbitrary<unknown> {
  const junk = jsonArbitrary(known);
  if (!schema || depth > 6) return junk;
  const shaped = shapedByZod(schema, known, depth);
  return fc.oneof({ arbitrary: shaped, weight: 6 }, { arbitrary: junk, weight: 1 });
}

function shapedByZod(schema: z.ZodType, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  const def: ZodDef = (schema as ZodDef)._zod?.def;
  const next = (inner: z.ZodType) => zodArbitrary(inner, known, depth + 1);
  switch (def?.type) {
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      const model = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, next(value)]));
      return fc.record(model, { requiredKeys: [] });
    }
    case "string":
      return textArbitrary(known);
    case "number":
    case "int":
      return numberArbitrary();
    case "bigint":
      return numberArbitrary();
    case "boolean":
      return fc.boolean();
    case "date":
      return textArbitrary(known);
    case "enum":
      return fc.oneof(
        fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)),
        textArbitrary(known),
      );
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "array":
      return fc.array(next(def.element), { maxLength: 4 });
    case "tuple":
      return fc.tuple(...(def.items as z.ZodType[]).map(next));
    case "record":
      return fc.dictionary(textArbitrary(known), next(def.valueType), { maxKeys: 3 });
    case "union":
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => shapedByZod(o, known, depth + 1)));
    case "intersection":
      return fc.oneof(shapedByZod(def.left, known, depth + 1), shapedByZod(def.right, known, depth + 1));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return fc.oneof(
        shapedByZod(def.innerType, known, depth + 1),
        fc.constant(null),
        fc.constant(undefined),
      );
    case "pipe":
      return shapedByZod(def.in, known, depth + 1);
    case "lazy":
      return depth > 4 ? jsonArbitrary(known) : shapedByZod(def.getter(), known, depth + 1);
    default:
      return jsonArbitrary(known);
  }
}

/** A variable value for a GraphQL input type, now and then of the wrong type. */
export function graphqlArbitrary(
  type: GraphQLInputType,
  known: KnownValues,
  depth = 0,
): fc.Arbitrary<unknown> {
  const shaped = shapedByGraphql(type, known, depth);
  return fc.oneof({ arbitrary: shaped, weight: 8 }, { arbitrary: jsonArbitrary(known), weight: 1 });
}

function shapedByGraphql(type: GraphQLInputType, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  if (depth > 5) return fc.constant(null);
  if (isNonNullType(type)) return shapedByGraphql(type.ofType, known, depth);
  if (isListType(type)) return fc.array(graphqlArbitrary(type.ofType, known, depth + 1), { maxLength: 4 });
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((v) => v.name));
  if (isInputObjectType(type)) {
    const fields = type.getFields();
    const model = Object.fromEntries(
      Object.values(fields).map((f) => [f.name, graphqlArbitrary(f.type, known, depth + 1)]),
    );
    return fc.record(model, { requiredKeys: [] });
  }
  if (isScalarType(type)) {
    switch (getNamedType(type).name) {
      case "Int":
        return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }));
      case "Float":
        return numberArbitrary();
      case "Boolean":
        return fc.boolean();
      case "String":
      case "ID":
      case "DateTime":
        return textArbitrary(known);
      default:
        return jsonArbitrary(known);
    }
  }
  return jsonArbitrary(known);
}
