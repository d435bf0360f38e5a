import type { LoggerOptions } from "pino";
import type { Config } from "../config";

/**
 * Where log lines go: JSON on stdout for machines (production, tests, a piped development run),
 * pino-pretty's coloured one-line-per-event form when a person watches a development terminal.
 * Pretty printing runs in pino's transport worker, off the request path.
 */
export function logOutput(
  config: Pick<Config, "NODE_ENV" | "LOG_FORMAT">,
  stdoutIsTerminal: boolean = process.stdout.isTTY === true,
): Pick<LoggerOptions, "transport"> {
  const pretty = config.LOG_FORMAT
    ? config.LOG_FORMAT === "pretty"
    : config.NODE_ENV === "development" && stdoutIsTerminal;
  if (!pretty) return {};
  return {
    transport: {
      target: "pino-pretty",
      options: { colorize: stdoutIsTerminal, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" },
    },
  };
}
