import {
  type Context,
  context,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import type { SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { observeQueries, stopQuerySpans } from "../db/observe";

// OpenTelemetry traces, off unless configured. Only the small API package is loaded up front (its
// calls are no-ops without a provider); the SDK and the OTLP exporter are imported when tracing
// starts, so a process without tracing keeps its start time and memory
// (docs/decisions/0088-metrics-and-traces.md).

let enabled = false;

/** True once startTracing registered a provider in this process. */
export function tracingEnabled(): boolean {
  return enabled;
}

export function tracer() {
  return trace.getTracer("tracking");
}

export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * Registers the SDK with an OTLP/HTTP exporter (`endpoint`) and/or a given processor (tests pass
 * an in-memory exporter's). Null when neither is given: tracing stays off.
 */
export async function startTracing(options: {
  endpoint?: string | undefined;
  serviceName: string;
  spanProcessor?: SpanProcessor;
}): Promise<Tracing | null> {
  if (!options.endpoint && !options.spanProcessor) return null;
  const [{ NodeTracerProvider, BatchSpanProcessor }, { resourceFromAttributes }] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/resources"),
  ]);
  const processors: SpanProcessor[] = options.spanProcessor ? [options.spanProcessor] : [];
  if (options.endpoint) {
    const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
    const url = `${options.endpoint.replace(/\/+$/, "")}/v1/traces`;
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url })));
  }
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": options.serviceName }),
    spanProcessors: processors,
  });
  // Global provider, AsyncLocalStorage context and the W3C traceparent propagator.
  provider.register();
  enabled = true;
  observeQueries({ spans: true });
  return {
    async shutdown() {
      enabled = false;
      stopQuerySpans();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** Runs `fn` in a child span of the active one; without tracing, just runs it. */
export async function inSpan<T>(
  name: string,
  attributes: Record<string, string>,
  fn: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!enabled) return fn(undefined);
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** The key a job's trace context travels under in its pg-boss data, beside (not inside) the payload. */
export const JOB_TRACE_KEY = "_trace";

/** The active trace as a W3C carrier ({ traceparent }) to store with an enqueued job; null without tracing. */
export function traceCarrier(): Record<string, string> | null {
  if (!enabled) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : null;
}

function contextOfJob(data: unknown): Context | null {
  const carrier = (data as Record<string, unknown> | null)?.[JOB_TRACE_KEY];
  if (!carrier || typeof carrier !== "object") return null;
  const extracted = propagation.extract(ROOT_CONTEXT, carrier as Record<string, string>);
  return trace.getSpanContext(extracted) ? extracted : null;
}

/**
 * Runs a fetched batch of jobs in a consumer span: a single job continues the trace that enqueued
 * it (child of the enqueuing span); a batch starts its own trace linked to every enqueuing one.
 */
export async function inJobSpan<T>(queue: string, jobs: readonly { data: unknown }[], fn: () => Promise<T>) {
  if (!enabled) return fn();
  const parents = jobs.flatMap((j) => {
    const c = contextOfJob(j.data);
    return c ? [c] : [];
  });
  const links: Link[] = parents.flatMap((c) => {
    const sc = trace.getSpanContext(c);
    return sc ? [{ context: sc }] : [];
  });
  const parent = jobs.length === 1 && parents[0] ? parents[0] : ROOT_CONTEXT;
  return tracer().startActiveSpan(
    `job ${queue}`,
    {
      kind: SpanKind.CONSUMER,
      links,
      attributes: {
        "messaging.system": "pg-boss",
        "messaging.destination.name": queue,
        "messaging.batch.message_count": jobs.length,
      },
    },
    parent,
    async (span) => {
      try {
        return await fn();
      } catch (err) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}
