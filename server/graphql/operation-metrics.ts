import type { Span } from "@opentelemetry/api";
import { type DocumentNode, Kind, type OperationDefinitionNode } from "graphql";
import { graphqlDuration } from "../core/metrics";
import { tracer, tracingEnabled } from "../core/tracing";
import { requestedOperationName } from "./operation-choice";

// Each GraphQL operation's latency by root field (schema names, already validated: a bounded
// label set, never the document text or an argument), and its span when tracing.

const TIMING = Symbol("graphql.timing");
interface Timing {
  start: number;
  type: string;
  fields: string[];
  span?: Span;
}
type WithTiming = { [TIMING]?: Timing; reply?: { request?: { body?: unknown; query?: unknown } } };

function executedOperation(document: DocumentNode, context: WithTiming): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (operations.length <= 1) return operations[0];
  const name = context.reply?.request ? requestedOperationName(context.reply.request) : null;
  return operations.find((o) => o.name?.value === name) ?? operations[0];
}

export async function startOperationTiming(_schema: unknown, document: DocumentNode, context: WithTiming) {
  const operation = executedOperation(document, context);
  if (!operation) return;
  const fields = operation.selectionSet.selections.flatMap((s) =>
    s.kind === Kind.FIELD ? [s.name.value] : [],
  );
  const timing: Timing = { start: performance.now(), type: operation.operation, fields };
  if (tracingEnabled()) {
    timing.span = tracer().startSpan(`graphql ${operation.operation} ${fields.join(",")}`, {
      attributes: { "graphql.operation.type": operation.operation, "graphql.root_fields": fields.join(",") },
    });
  }
  context[TIMING] = timing;
}

export async function endOperationTiming(execution: { errors?: readonly unknown[] }, context: WithTiming) {
  const timing = context[TIMING];
  if (!timing) return;
  context[TIMING] = undefined;
  const seconds = (performance.now() - timing.start) / 1000;
  const outcome = execution.errors?.length ? "error" : "ok";
  for (const field of timing.fields) graphqlDuration.observe({ field, type: timing.type, outcome }, seconds);
  timing.span?.end();
}
