import type { ErrorCode } from "../../shared/errors";

/** The one error type services throw. Each surface maps `code` to its own status in one place. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  constructor(code: ErrorCode, params: Record<string, string | number> = {}, options?: { cause?: unknown }) {
    super(code, options);
    this.name = "AppError";
    this.code = code;
    this.params = params;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
