// Helpers for the schema tests: what a parse reports, as (path, raw message, params) triples, so a
// message that is not a key shows up in a failing assertion.

import type { z } from "zod";
import { issueParams } from "./index";

export type Reported = { path: string; key: string; params: Record<string, unknown> };

export function reported(schema: z.ZodType, input: unknown): Reported[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    key: issue.message,
    params: issueParams(issue),
  }));
}

/** The keys reported, by path ("" for the whole value). */
export function keysByPath(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of reported(schema, input)) out[r.path] = [...(out[r.path] ?? []), r.key];
  return out;
}

export function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new Error(
      `expected success, got ${JSON.stringify(result.error.issues.map((i) => [i.path, i.message]))}`,
    );
  }
  return result.data;
}
