import type { ValueNode } from "graphql";

// Custom scalars as plain resolver objects (serialize, parseValue, parseLiteral): mercurius copies
// them onto the schema's own scalar type, so no graphql class of another realm is involved.

/** A plain-object error: graphql-js wraps it as the client's mistake in the argument. */
function refuse(what: string): never {
  throw new TypeError(`${what} must be an ISO 8601 date-time string`);
}

function parseInstant(value: unknown): string {
  if (typeof value !== "string") refuse("DateTime");
  const time = Date.parse(value);
  if (Number.isNaN(time)) refuse("DateTime");
  return new Date(time).toISOString();
}

/** DateTime: services answer ISO strings already; a Date (from a row) is turned into one. */
export const dateTimeScalar = {
  serialize(value: unknown): string {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === "string") return value;
    return refuse("DateTime");
  },
  parseValue: parseInstant,
  parseLiteral(ast: ValueNode): string {
    return ast.kind === "StringValue" ? parseInstant(ast.value) : refuse("DateTime");
  },
};
