import { type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { PostgresJsPreparedQuery } from "drizzle-orm/postgres-js/session";
import { dbQueriesInFlight } from "../core/metrics";

// The `postgres` driver has no OpenTelemetry instrumentation and keeps its pool counts private, so
// the one path every Drizzle statement takes (the prepared query's execute/all) is wrapped once per
// process: a client span per statement (its text, never its parameters) and an in-flight count.
// Unobserved, the wrapper costs one flag test per statement (docs/decisions/0088-metrics-and-traces.md).

const observing = { spans: false, inFlight: false };
let installed = false;

type Run = (this: PreparedQuery, ...args: unknown[]) => Promise<unknown>;
interface PreparedQuery {
  queryString: string;
}

/** Longest statement text a span keeps: enough to recognize it, short enough not to flood a collector. */
const STATEMENT_MAX = 2000;

function operationOf(text: string): string {
  const match = /^\s*\(?\s*([a-z]+)/i.exec(text);
  return match?.[1]?.toUpperCase() ?? "QUERY";
}

async function observed(query: PreparedQuery, run: () => Promise<unknown>): Promise<unknown> {
  if (observing.inFlight) dbQueriesInFlight.inc();
  try {
    if (!observing.spans) return await run();
    const operation = operationOf(query.queryString);
    return await trace.getTracer("tracking.db").startActiveSpan(
      `${operation} postgresql`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          "db.system.name": "postgresql",
          "db.operation.name": operation,
          "db.query.text": query.queryString.slice(0, STATEMENT_MAX),
        },
      },
      async (span: Span) => {
        try {
          return await run();
        } catch (err) {
          // The driver's message names the problem, not the values bound to the statement.
          span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message?.slice(0, 200) });
          throw err;
        } finally {
          span.end();
        }
      },
    );
  } finally {
    if (observing.inFlight) dbQueriesInFlight.dec();
  }
}

/** Turns statement spans and/or the in-flight count on for this process (idempotent). */
export function observeQueries(what: { spans?: boolean; inFlight?: boolean }): void {
  if (what.spans) observing.spans = true;
  if (what.inFlight) observing.inFlight = true;
  if (installed) return;
  installed = true;
  const proto = PostgresJsPreparedQuery.prototype as unknown as Record<"execute" | "all", Run>;
  for (const name of ["execute", "all"] as const) {
    const original = proto[name];
    proto[name] = function (this: PreparedQuery, ...args: unknown[]) {
      if (!observing.spans && !observing.inFlight) return original.apply(this, args);
      return observed(this, () => original.apply(this, args));
    };
  }
}

/** Tests that stop tracing turn statement spans off again. */
export function stopQuerySpans(): void {
  observing.spans = false;
}
