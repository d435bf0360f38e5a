import type { core } from "zod";
import { issueMessage, type Translate } from "../../../shared/schemas/issues";
import { errorText } from "./auth-api";

function issuesOf(error: unknown): core.$ZodIssue[] | undefined {
  const data = (error as { data?: { issues?: unknown } } | null)?.data;
  const issues = data?.issues;
  return Array.isArray(issues) && issues.length > 0 ? (issues as core.$ZodIssue[]) : undefined;
}

/**
 * The text to toast for a failed tRPC call, in the viewer's language: a refused input names its
 * first problem (the server sends i18n keys, spec DESIGN rule 4); an AppError carries its
 * translated message already; anything else gets the generic server-issue text.
 */
export function failureText(error: unknown, t: Translate): string {
  const issues = issuesOf(error);
  const first = issues?.[0];
  if (first) return issueMessage(first, t);
  return errorText(error, t("errors.SERVER_ISSUE"));
}
