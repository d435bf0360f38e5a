import { machineLine, writeReportSection } from "./bench-support";

// The report of npm run bench:web, kept between its own markers in docs/benchmarks.md so a re-run
// replaces this section and leaves the other benchmarks' alone.

/** The slow phone every figure is measured on (Lighthouse's mobile preset, applied through CDP). */
export const WEB_BENCH_PROFILE = {
  cpuSlowdown: 4,
  downloadKbps: 1600,
  uploadKbps: 750,
  latencyMs: 150,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
} as const;

export const WEB_BENCH_TARGETS = { signinKb: 150, listKb: 350, signinLcpMs: 2500, listLcpMs: 4000 } as const;

export interface PageVisit {
  /** Every request the page made, from the network or the browser's cache. */
  requests: number;
  /** Requests answered over the network (not from the cache). */
  transferredRequests: number;
  /** Bytes over the network, headers included (the DevTools encodedDataLength). */
  bytes: number;
  fcpMs: number;
  lcpMs: number;
  /** From navigation until the page showed what it is for and the network went quiet. */
  readyMs: number;
  /** What went over the network: html, api, asset. */
  transferredKinds: string[];
  /** Console assets fetched from the network; on a repeat visit this should be empty. */
  assetsFromNetwork: string[];
  /** One line per request over the network (size, type, path), for --verbose. */
  log: string[];
}

export interface WebBenchPage {
  name: "signin" | "list" | "detail" | "share";
  first: PageVisit;
  repeat: PageVisit;
}

export interface WebBenchResult {
  command: string;
  runs: number;
  loadAverage: number;
  chromium: string;
  pages: WebBenchPage[];
}

const LABELS: Record<WebBenchPage["name"], string> = {
  signin: "Sign-in",
  list: "Shipment list (signed in, 100 rows)",
  detail: "Shipment detail",
  share: "Public share page",
};

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const s = (ms: number) => (ms / 1000).toFixed(2);

function verdict(value: number, target: number, unit: string) {
  return value <= target ? `met (≤ ${target} ${unit})` : `missed by ${(value - target).toFixed(0)} ${unit}`;
}

export async function writeWebBenchReport(result: WebBenchResult): Promise<string> {
  const p = WEB_BENCH_PROFILE;
  const t = WEB_BENCH_TARGETS;
  const get = (name: WebBenchPage["name"]) => result.pages.find((x) => x.name === name);
  const signin = get("signin");
  const list = get("list");
  return writeReportSection("web", [
    "## Console load on a slow phone",
    "",
    `Command: \`${result.command}\``,
    "",
    `${new Date().toISOString().slice(0, 10)}; ${machineLine()}; Chromium ${result.chromium} (headless) against the ` +
      "production build served by the product (`server/main.ts web`, NODE_ENV=production, embedded Postgres). " +
      `CPU ${p.cpuSlowdown}× slower, network ${p.downloadKbps / 1000} Mbps down / ${p.uploadKbps} kbps up / ${p.latencyMs} ms ` +
      `(DevTools protocol), ${p.viewport.width}×${p.viewport.height} at ${p.deviceScaleFactor}×, English. ` +
      `Median of ${result.runs} runs by LCP. Load average when measuring started: ${result.loadAverage.toFixed(2)}.`,
    "",
    "| Page | First load: requests | KB transferred | FCP | LCP | Repeat visit: requests over the network | KB | What went over the network | LCP |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...result.pages.map(
      (x) =>
        `| ${LABELS[x.name]} | ${x.first.transferredRequests} | ${kb(x.first.bytes)} | ${s(x.first.fcpMs)} s | ${s(x.first.lcpMs)} s ` +
        `| ${x.repeat.transferredRequests} of ${x.repeat.requests} | ${kb(x.repeat.bytes)} | ${x.repeat.transferredKinds.join(", ")} | ${s(x.repeat.lcpMs)} s |`,
    ),
    "",
    "Targets (first load, empty cache):",
    "",
    ...(signin
      ? [
          `- Sign-in transferred ≤ ${t.signinKb} KB: ${kb(signin.first.bytes)} KB, ${verdict(signin.first.bytes / 1000, t.signinKb, "KB")}.`,
          `- Sign-in LCP ≤ ${t.signinLcpMs / 1000} s: ${s(signin.first.lcpMs)} s, ${verdict(signin.first.lcpMs, t.signinLcpMs, "ms")}.`,
        ]
      : []),
    ...(list
      ? [
          `- List transferred ≤ ${t.listKb} KB: ${kb(list.first.bytes)} KB, ${verdict(list.first.bytes / 1000, t.listKb, "KB")}.`,
          `- List LCP ≤ ${t.listLcpMs / 1000} s: ${s(list.first.lcpMs)} s, ${verdict(list.first.lcpMs, t.listLcpMs, "ms")}.`,
        ]
      : []),
    `- A repeat visit fetches no console asset again: ${
      result.pages.every((x) => x.repeat.assetsFromNetwork.length === 0)
        ? "met (only the HTML, revalidated with its ETag, and API answers)"
        : `missed (${result.pages
            .filter((x) => x.repeat.assetsFromNetwork.length > 0)
            .map((x) => `${x.name}: ${x.repeat.assetsFromNetwork.join(" ")}`)
            .join("; ")})`
    }.`,
    "",
    "Bytes are the DevTools network log's encoded lengths (headers included) of every request not",
    "answered from the cache. Assets are sent pre-compressed (brotli, made at build time) and cached",
    "for a year as immutable; the HTML is revalidated (no-cache, ETag). Each page loads only its own",
    "chunk and one language's messages. Design: docs/decisions/0029-console-delivery.md.",
  ]);
}
