// The zod schemas of shared/schemas validate client forms, tRPC input, GraphQL arguments and CSV
// rows alike (DESIGN rule 4).
//
// Message convention
// - Every issue message a schema produces is an i18n key of shared/i18n ("validation.required",
//   "errors.CSV_INVALID_LINER"), never English, so client forms and the server translate it into
//   the viewer's language. `msg()` types the key so a typo fails the typecheck.
// - Values for the key's {{placeholders}} travel on the issue: custom issues carry them in
//   `issue.params` (added with `addIssue(ctx, key, { params })`); zod's built-in size issues carry
//   `minimum`/`maximum`, which `issueParams` exposes as {{min}}/{{max}}.
// - `issueMessage(issue, t)` turns an issue into text with any `t(key, params)` (i18next's t, the
//   server's translate). A message that is not a key (a zod default) becomes "validation.invalid".
// - `fieldErrors(issues, t)` gives the first message per dotted path ("input.title"), for forms and
//   for the VALIDATION_FAILED error's details.

import type { core } from "zod";

export * from "./attachments";
export * from "./auth";
export * from "./common";
export * from "./company";
export * from "./control-characters";
export * from "./csv";
export * from "./dates";
export * from "./invitations";
export * from "./notifications";
export * from "./search";
export * from "./shipments";
export * from "./teams";
export * from "./upgrade";

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
