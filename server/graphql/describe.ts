// Descriptions in the SDL that integrators read at /graphql/schema.graphql: every type, field,
// argument and enum value carries one (tests/graphql/schema-descriptions.test.ts walks the schema).
// Enums whose values come from the shared lists get their descriptions from a record typed by that
// list, so a value added to the list without a description does not compile.

/** A GraphQL string literal (JSON's escapes are a subset of GraphQL's). */
export function sdlString(text: string): string {
  return JSON.stringify(text);
}

/** The values of an enum, each preceded by its description. */
export function describedValues<const T extends readonly string[]>(
  values: T,
  descriptions: Record<T[number], string>,
): string {
  return values.map((value: T[number]) => `${sdlString(descriptions[value])} ${value}`).join("\n");
}

/** A whole enum with its description and described values. */
export function describedEnum<const T extends readonly string[]>(
  name: string,
  description: string,
  values: T,
  descriptions: Record<T[number], string>,
): string {
  return `${sdlString(description)}\nenum ${name} {\n${describedValues(values, descriptions)}\n}`;
}
