import type { ValueNode } from "graphql";

// SearchValue: a condition's value as the console sends it (spec 01 §3 "text, number or
// boolean"), or a list of them for BETWEEN. Its fit to the field and operator is the shared
// search schema's to judge.

type Scalar = string | number | boolean;
type SearchValue = Scalar | Scalar[];

function refuse(): never {
  throw new TypeError("SearchValue must be a string, number or boolean, or a list of them");
}

const isScalar = (v: unknown): v is Scalar =>
  typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v));

function fromValue(value: unknown): SearchValue {
  if (isScalar(value)) return value;
  if (Array.isArray(value) && value.every(isScalar)) return value;
  return refuse();
}

function fromLiteral(ast: ValueNode): SearchValue {
  switch (ast.kind) {
    case "StringValue":
      return ast.value;
    case "BooleanValue":
      return ast.value;
    case "IntValue":
    case "FloatValue":
      return Number(ast.value);
    case "ListValue":
      return ast.values.map((v) => {
        const one = fromLiteral(v);
        return Array.isArray(one) ? refuse() : one;
      });
    default:
      return refuse();
  }
}

export const searchValueScalar = {
  serialize: fromValue,
  parseValue: fromValue,
  parseLiteral: fromLiteral,
};
