import type { z } from "zod";
import type { ErrorCode } from "../../../shared/errors";
import { issuePath } from "../../../shared/schemas";
import { AppError } from "../../core/app-error";

// Schema messages whose words the spec shows as the server's answer get the error code with the
// same text; any other failure is the generic VALIDATION_FAILED (the console checks the same schema
// before sending, so those reach only other clients).
const CODE_BY_MESSAGE: Record<string, ErrorCode> = {
  "validation.passwordRule": "WEAK_PASSWORD",
  "validation.checkTheAbove": "CONFIRMATION_REQUIRED",
};

/** Validates a REST body with its shared schema, failing with an AppError like every service. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues;
  for (const issue of issues) {
    const code = CODE_BY_MESSAGE[issue.message];
    if (code) throw new AppError(code);
  }
  throw new AppError("VALIDATION_FAILED", { field: issues[0] ? issuePath(issues[0]) : "" });
}
