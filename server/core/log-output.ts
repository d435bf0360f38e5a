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
  return new LazyRequestLogger(parent, bindings, options, isLevelEnabled) as unknown as FastifyBaseLogger;
}

/**
 * lazyRequestLogger's logger: a class, so a request makes one object and no closures (each closure
 * made per request also cost a property definition for its name, as the server runs through tsx).
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
    private readonly isLevelEnabled: (level: string) => boolean,
  ) {}

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: LogLevel, args: unknown[]): void {
    if (this.made || this.isLevelEnabled.call(this.parent, level)) (this.real()[level] as LogMethod)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(value: string) {
    this.real().level = value;
  }

  fatal(...args: unknown[]) {
    this.write("fatal", args);
  }
  error(...args: unknown[]) {
    this.write("error", args);
  }
  warn(...args: unknown[]) {
    this.write("warn", args);
  }
  info(...args: unknown[]) {
    this.write("info", args);
  }
  debug(...args: unknown[]) {
    this.write("debug", args);
  }
  trace(...args: unknown[]) {
    this.write("trace", args);
  }
  silent() {}

  child(more: Bindings, moreOptions?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(more, moreOptions);
  }
}
