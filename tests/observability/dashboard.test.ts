import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { collectProcessMetrics, registry } from "../../server/core/metrics";

// The Grafana dashboard and the README's table name the metrics the process exports: a renamed
// metric fails here instead of leaving an empty panel.

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos?: { h: number; w: number; x: number; y: number };
  targets?: { expr: string; refId: string }[];
}

const dashboard = JSON.parse(readFileSync("docs/grafana-dashboard.json", "utf8")) as {
  title: string;
  uid: string;
  schemaVersion: number;
  panels: Panel[];
};

async function exported(): Promise<Set<string>> {
  collectProcessMetrics();
  const names = new Set<string>();
  for (const m of await registry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === "histogram")
      for (const s of ["_bucket", "_sum", "_count"]) names.add(`${m.name}${s}`);
  }
  return names;
}

describe("docs/grafana-dashboard.json", () => {
  it("is a dashboard whose every query reads metrics the process exports", async () => {
    expect(dashboard.title).toBeTruthy();
    expect(dashboard.uid).toBe("tracking-ops");
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(30);
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const names = await exported();
    const queries = dashboard.panels.flatMap((p) => p.targets ?? []);
    expect(queries.length).toBeGreaterThan(10);
    for (const { expr } of queries) {
      // Every selector is written name{…}, so the names read are exactly those before a brace.
      const read = [...expr.matchAll(/([a-zA-Z_:][\w:]*)\{/g)].map((m) => m[1] as string);
      expect(read.length, expr).toBeGreaterThan(0);
      for (const name of read) expect(names.has(name), `${name} in ${expr}`).toBe(true);
    }
    for (const panel of dashboard.panels) expect(panel.gridPos, panel.title).toBeDefined();
  });

  it("covers the refresh pipeline and the API", () => {
    const exprs = dashboard.panels
      .flatMap((p) => p.targets ?? [])
      .map((t) => t.expr)
      .join("\n");
    for (const name of [
      "tracking_refreshes_total",
      "job_queue_depth",
      "job_duration_seconds_bucket",
      "http_requests_total",
      "http_request_duration_seconds_bucket",
      "trpc_procedure_duration_seconds_bucket",
      "graphql_operation_duration_seconds_bucket",
    ]) {
      expect(exprs).toContain(name);
    }
  });
});

describe("README's metrics table", () => {
  it("lists every metric of the service's own", async () => {
    const readme = readFileSync("README.md", "utf8");
    const own = (await registry.getMetricsAsJSON())
      .map((m) => m.name)
      .filter((n) => !n.startsWith("nodejs_") && !n.startsWith("process_"));
    expect(own.length).toBeGreaterThan(10);
    for (const name of own) expect(readme, name).toContain(`| \`${name}\``);
  });
});
