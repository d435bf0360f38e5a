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

export * from "./attachments";
export * from "./auth";
export * from "./common";
export * from "./company";
export * from "./control-characters";
export * from "./csv";
export * from "./dates";
export * from "./invitations";
export * from "./issues";
export * from "./notifications";
export * from "./search";
export * from "./shipments";
export * from "./teams";
export * from "./upgrade";
