import type { FastifyBaseLogger } from "fastify";
import type { Bindings, ChildLoggerOptions, Logger, LoggerOptions } from "pino";
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

type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type LogMethod = (...args: unknown[]) => void;

/**
 * A request's logger that becomes pino's child logger at its first line at an enabled level.
 * Fastify makes a child per request, and pino's child() serializes the request id through every
 * redaction path (docs/decisions/0084-request-cost.md); at LOG_LEVEL=warn most requests write no
 * line, so most never pay for it. A line that is written is serialized once, by the child.
 * For Fastify's `childLoggerFactory`.
 */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const isLevelEnabled = (parent as Partial<Pick<Logger, "isLevelEnabled">>).isLevelEnabled;
  // A route's own log level or serializers, or a logger that cannot tell its levels: a child now.
  if (options.level || options.serializers || typeof isLevelEnabled !== "function") {
    return parent.child(bindings, options);
  }
  let child: FastifyBaseLogger | undefined;
  const real = () => {
    child ??= parent.child(bindings, options);
    return child;
  };
  const method =
    (level: LogLevel): LogMethod =>
    (...args) => {
      if (child || isLevelEnabled.call(parent, level)) (real()[level] as LogMethod)(...args);
    };
  return {
    get level() {
      return child?.level ?? parent.level;
    },
    set level(value) {
      real().level = value;
    },
    fatal: method("fatal"),
    error: method("error"),
    warn: method("warn"),
    info: method("info"),
    debug: method("debug"),
    trace: method("trace"),
    silent: () => {},
    child: (more, moreOptions) => real().child(more, moreOptions),
  } as FastifyBaseLogger;
}
