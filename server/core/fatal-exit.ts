import type { Logger } from "pino";

/**
 * An error nothing caught leaves the process in an unknown state: log it with the app's own logger
 * and exit non-zero so the supervisor (Docker's restart policy, see README) starts a clean one.
 * Staying up would look healthy while background work had silently stopped
 * (docs/decisions/0020-failure-handling.md).
 */
export function exitOnUnexpectedErrors(
  log: Pick<Logger, "fatal">,
  exit: (code: number) => void = process.exit,
) {
  let exiting = false;
  const die = (kind: string) => (err: unknown) => {
    if (exiting) return;
    exiting = true;
    log.fatal({ err }, `${kind}: exiting so the supervisor restarts the process`);
    // Lets pino's transport (pretty output) flush; JSON output is written synchronously anyway.
    setTimeout(() => exit(1), 200);
  };
  process.on("uncaughtException", die("uncaught exception"));
  process.on("unhandledRejection", die("unhandled promise rejection"));
}
