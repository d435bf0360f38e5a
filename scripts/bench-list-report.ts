import { machineLine, writeReportSection } from "./bench-support";

// The report of npm run bench:list, kept between its own markers in docs/benchmarks.md so a re-run
// replaces this section and leaves the other benchmarks' alone.

export interface ListBenchRow {
  name: string;
  /** p50 milliseconds through the tRPC procedure. */
  procedure: number;
  /** p50 milliseconds of the same SQL run directly. */
  direct: number;
  items: number;
  total: number;
}

export interface ListBenchResult {
  command: string;
  source: string;
  total: number;
  perCompany: number;
  runs: number;
  seedSeconds: number;
  /** 1-minute load average when measuring started: other work on the machine shows here. */
  loadAverage: number;
  rows: ListBenchRow[];
  calendar: { procedure: number; direct: number; items: number; bytes: number; gzipBytes: number };
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));

export async function writeListBenchReport(result: ListBenchResult): Promise<string> {
  const c = result.calendar;
  return writeReportSection("list", [
    "## Shipment list at 100,000 shipments",
    "",
    `Command: \`${result.command}\``,
    "",
    `${new Date().toISOString().slice(0, 10)}; ${machineLine()}; ${result.source} on the same machine. ` +
      `${result.total.toLocaleString("en")} shipments in ${Math.ceil(result.total / result.perCompany)} companies, ` +
      `${result.perCompany.toLocaleString("en")} in the measured company's team (seeded in ${result.seedSeconds.toFixed(0)} s). ` +
      `p50 of ${result.runs} runs after 5 warm-up runs, sorted by arrival time (the default), Ongoing tab, 100 a page. ` +
      `Load average when measuring started: ${result.loadAverage.toFixed(2)}.`,
    "",
    "| List call | tRPC procedure p50 | Same SQL directly p50 | Ratio | Items (of total) |",
    "| --- | --- | --- | --- | --- |",
    ...result.rows.map(
      (r) =>
        `| ${r.name} | ${ms(r.procedure)} ms | ${ms(r.direct)} ms | ${(r.procedure / r.direct).toFixed(2)} | ${r.items} (of ${r.total.toLocaleString("en")}) |`,
    ),
    `| Calendar/timeline fetch, ${c.items.toLocaleString("en")} items, JSON serialized | ${ms(c.procedure)} ms | ${ms(c.direct)} ms | ${(c.procedure / c.direct).toFixed(2)} | ${(c.bytes / 1e6).toFixed(1)} MB JSON, ${(c.gzipBytes / 1e6).toFixed(1)} MB gzipped |`,
    "",
    "The procedure is called in-process through tRPC's caller (input validation, authorization with",
    'its plan gate, the list statement, the team checks, the mapping to the output shape); "directly" runs',
    "the same statement (the page, its total, the team's existence and the viewer's membership, one",
    "round trip: server/modules/shipments/list/list.queries.ts listPageQuery) and nothing else. Search box:",
    '"部品" (two characters, below the trigram index\'s three); filters: liner IS MAERSK and ETA',
    "BETWEEN 30 days back and 90 ahead. Design: docs/decisions/0003-shipment-list.md.",
  ]);
}
