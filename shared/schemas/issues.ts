// Turning zod issues into translated messages (the convention is explained in index.ts). Only
// zod's types are used here, so a page can show a form's messages without loading zod itself
// until it validates (the console's sign-in page loads its schema on first use).

import type { core } from "zod";

export type Translate = (key: string, params?: Record<string, unknown>) => string;

type Issue = core.$ZodIssue;

const KEY_PATTERN = /^(validation|errors|tracking)\.[A-Za-z0-9_.]+$/;

export function isMessageKeyLike(message: string): boolean {
  return KEY_PATTERN.test(message);
}

/** The key of an issue, falling back to the generic "validation.invalid". */
export function issueKey(issue: Issue): string {
  return isMessageKeyLike(issue.message) ? issue.message : "validation.invalid";
}

export function issueParams(issue: Issue): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  if (issue.code === "too_small") params.min = Number(issue.minimum);
  if (issue.code === "too_big") params.max = Number(issue.maximum);
  if (issue.code === "custom" && issue.params) Object.assign(params, issue.params);
  return params;
}

export function issueMessage(issue: Issue, t: Translate): string {
  return t(issueKey(issue), issueParams(issue));
}

export function issuePath(issue: Issue): string {
  return issue.path.map(String).join(".");
}

/** First translated message per field path; "" is the form-level path. */
export function fieldErrors(issues: readonly Issue[], t: Translate): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issuePath(issue);
    if (!(path in out)) out[path] = issueMessage(issue, t);
  }
  return out;
}
