import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { type Browser, type CDPSession, chromium, type Page } from "playwright-core";
import { systemClock } from "../server/core/clock";
import { users } from "../server/db/schema";
import { hashPassword } from "../server/modules/auth/password/password";
import { createSession } from "../server/modules/auth/session.internal";
import { seedList } from "./bench-list-seed";
import {
  benchCommand,
  freePort,
  openMigratedBenchDatabase,
  p50,
  parseBenchArgs,
  runBench,
  runCleanups,
} from "./bench-support";
import {
  type PageVisit,
  WEB_BENCH_PROFILE,
  WEB_BENCH_TARGETS,
  type WebBenchPage,
  writeWebBenchReport,
} from "./bench-web-report";

// What a person on a slow phone downloads and waits for: the production build of the console,
// served by the product (its own embedded Postgres, data folder and port), loaded in Chromium with
// the CPU slowed 4× and a 1.6 Mbps / 150 ms network (DevTools protocol), for the sign-in page, the
// list (signed in, 100 shipments), a shipment's detail and the public share page: requests, bytes
// transferred, first and largest contentful paint, with an empty cache and on a repeat visit.
// Usage: npm run bench:web [-- --runs 3 --no-write --verbose (every request of each first load: sent
// and finished, ms from the first request, then bytes, type and path)]

const USAGE = "npm run bench:web [-- --runs N --no-write --verbose]";
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function parseArgs(argv: string[]) {
  return parseBenchArgs(argv, USAGE, { runs: { default: 3, max: 20 } }, ["verbose"]);
}

/** The console built for production into a folder of this run's own, as the Dockerfile builds it. */
function buildConsole(distDir: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve("scripts/build-client.mjs")], {
      env: { ...process.env, NODE_ENV: "production", CLIENT_DIST_DIR: distDir },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`the build exited with ${code}`)),
    );
  });
}

async function startProduct(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("server/main.ts"), "web"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not answer /healthz within 60 s");
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

interface RequestRecord {
  url: string;
  type: string;
  bytes: number;
  fromCache: boolean;
  status: number;
  /** When it was sent and when it finished, in the protocol's seconds (for the --verbose waterfall). */
  sentAt: number;
  doneAt: number;
}

/** Records every request of a page through the DevTools protocol (the network log's figures). */
function recordNetwork(cdp: CDPSession) {
  const requests = new Map<string, RequestRecord>();
  cdp.on("Network.requestWillBeSent", (e) => {
    if (e.request.url.startsWith("data:")) return;
    requests.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? "Other",
      bytes: 0,
      fromCache: false,
      status: 0,
      sentAt: e.timestamp,
      doneAt: e.timestamp,
    });
  });
  cdp.on("Network.requestServedFromCache", (e) => {
    const r = requests.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on("Network.responseReceived", (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) r.fromCache = true;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.bytes = e.encodedDataLength;
    r.doneAt = e.timestamp;
  });
  return () => [...requests.values()];
}

/** FCP and LCP as the page's own performance timeline reports them (collected from the start). */
const PAINT_OBSERVER = `
  window.__paints = { fcp: 0, lcp: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") window.__paints.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__paints.lcp = e.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
`;

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: WEB_BENCH_PROFILE.cpuSlowdown });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: WEB_BENCH_PROFILE.latencyMs,
    downloadThroughput: (WEB_BENCH_PROFILE.downloadKbps * 1000) / 8,
    uploadThroughput: (WEB_BENCH_PROFILE.uploadKbps * 1000) / 8,
  });
  return cdp;
}

/** One visit: navigate, wait for what the page is for and for the network to go quiet, then read. */
async function visit(page: Page, url: string, ready: (page: Page) => Promise<unknown>): Promise<PageVisit> {
  const cdp = await throttle(page);
  const requests = recordNetwork(cdp);
  const started = performance.now();
  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  await ready(page);
  await page.waitForLoadState("networkidle", { timeout: 120_000 });
  const readyMs = performance.now() - started;
  // LCP is final once the page is idle; a short pause lets the last entry arrive.
  await page.waitForTimeout(500);
  const paints = (await page.evaluate("window.__paints")) as { fcp: number; lcp: number };
  const all = requests();
  await cdp.detach();
  const transferred = all.filter((r) => !r.fromCache);
  return {
    requests: all.length,
    transferredRequests: transferred.length,
    bytes: transferred.reduce((sum, r) => sum + r.bytes, 0),
    fcpMs: paints.fcp,
    lcpMs: paints.lcp,
    readyMs,
    transferredKinds: [...new Set(transferred.map((r) => kindOf(r)))].sort(),
    assetsFromNetwork: transferred.filter((r) => kindOf(r) === "asset").map((r) => new URL(r.url).pathname),
    // Sent and finished, in ms from the first request: the waterfall of what waited for what.
    log: transferred.map((r) => {
      const at = (t: number) => String(Math.round((t - (all[0]?.sentAt ?? t)) * 1000)).padStart(6);
      return `${at(r.sentAt)} ${at(r.doneAt)} ${String(r.bytes).padStart(8)} ${r.type.padEnd(10)} ${new URL(r.url).pathname}`;
    }),
  };
}

/** What a request was for: the HTML, an API answer, or a console asset (script, style, font). */
function kindOf(r: RequestRecord): string {
  const { pathname } = new URL(r.url);
  if (r.type === "Document") return "html";
  if (/^\/(trpc|graphql|auth|live|news-list\.json)/.test(pathname)) return "api";
  if (pathname.startsWith("/assets/")) return "asset";
  return `other:${pathname}`;
}

interface Scenario {
  name: WebBenchPage["name"];
  path: string;
  signedIn: boolean;
  ready: (page: Page) => Promise<unknown>;
}

async function measure(
  browser: Browser,
  base: string,
  scenario: Scenario,
  sessionToken: string,
  verbose: boolean,
): Promise<{ first: PageVisit; repeat: PageVisit }> {
  const context = await browser.newContext({
    viewport: WEB_BENCH_PROFILE.viewport,
    deviceScaleFactor: WEB_BENCH_PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
  });
  try {
    await context.addInitScript(PAINT_OBSERVER);
    if (scenario.signedIn) {
      await context.addCookies([
        { name: "session", value: sessionToken, url: base, httpOnly: true, sameSite: "Lax" },
      ]);
    }
    const firstPage = await context.newPage();
    if (verbose)
      firstPage.on("pageerror", (err) => process.stderr.write(`page error: ${err.stack ?? err.message}\n`));
    const first = await visit(firstPage, `${base}${scenario.path}`, scenario.ready);
    await firstPage.close();
    // Same browser profile, so its HTTP cache: what a returning user downloads again.
    const repeatPage = await context.newPage();
    const repeat = await visit(repeatPage, `${base}${scenario.path}`, scenario.ready);
    await repeatPage.close();
    return { first, repeat };
  } finally {
    await context.close();
  }
}

/** The run with the median LCP stands for the page (its bytes and requests are all but constant). */
function medianVisit(visits: PageVisit[]): PageVisit {
  const lcp = p50(visits.map((v) => v.lcpMs));
  return visits.find((v) => v.lcpMs === lcp) ?? (visits[0] as PageVisit);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const log = pino({ level: "warn" });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const work = await mkdtemp(path.join(os.tmpdir(), "bench-web-"));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const distDir = path.join(work, "client");
    out("Building the console for production…");
    await buildConsole(distDir);

    const { database, dbh } = await openMigratedBenchDatabase("web", log, 2, cleanups);
    const seeded = await seedList(dbh.db, { perCompany: 100, total: 100 }, () => {});
    await dbh.db
      .update(users)
      .set({ passwordHash: await hashPassword("Bench-Passw0rd!") })
      .where(eq(users.id, seeded.userId));
    const [shipment] = await dbh.db.execute<{ id: string; share_token: string }>(
      sql`select id, share_token from shipments where team_id = ${seeded.teamId} order by created_at desc limit 1`,
    );
    if (!shipment) throw new Error("no shipment seeded");
    const { token } = await createSession(dbh.db, systemClock, seeded.userId, {
      isMultiFactorVerified: true,
    });

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startProduct(
      {
        NODE_ENV: "production",
        SECRETS_KEY: Buffer.alloc(32, 1).toString("base64"),
        DATABASE_URL: database.url,
        DATA_DIR: path.join(work, "data"),
        CLIENT_DIST_DIR: distDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: base,
        SEED_DEMO: "false",
        READYZ_REQUIRE_WORKER: "false",
        LOG_LEVEL: "warn",
        LOG_FORMAT: "json",
      },
      port,
    );
    cleanups.push(() => stopProcess(server));

    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking"],
    });
    cleanups.push(() => browser.close());

    const scenarios: Scenario[] = [
      {
        name: "signin",
        path: "/app/auth/signin",
        signedIn: false,
        ready: (page) => page.locator('input[type="password"]').waitFor({ timeout: 120_000 }),
      },
      {
        name: "list",
        path: "/app/console",
        signedIn: true,
        ready: (page) => page.locator("tbody tr").nth(4).waitFor({ timeout: 120_000 }),
      },
      {
        name: "detail",
        path: `/app/console/shipments/${shipment.id}`,
        signedIn: true,
        ready: (page) => page.locator("h1").first().waitFor({ timeout: 120_000 }),
      },
      {
        name: "share",
        path: `/app/share/${shipment.share_token}`,
        signedIn: false,
        ready: (page) => page.locator("h1").first().waitFor({ timeout: 120_000 }),
      },
    ];

    const loadAverage = os.loadavg()[0] ?? 0;
    const pages: WebBenchPage[] = [];
    for (const scenario of scenarios) {
      const firsts: PageVisit[] = [];
      const repeats: PageVisit[] = [];
      for (let run = 0; run < options.runs; run += 1) {
        const { first, repeat } = await measure(browser, base, scenario, token, options.verbose);
        firsts.push(first);
        repeats.push(repeat);
      }
      const page = { name: scenario.name, first: medianVisit(firsts), repeat: medianVisit(repeats) };
      pages.push(page);
      if (options.verbose) for (const line of page.first.log) out(`  ${line}`);
      out(
        `${scenario.name}: first ${page.first.transferredRequests} requests ${(page.first.bytes / 1000).toFixed(1)} KB ` +
          `FCP ${page.first.fcpMs.toFixed(0)} ms LCP ${page.first.lcpMs.toFixed(0)} ms; repeat ` +
          `${page.repeat.transferredRequests} requests ${(page.repeat.bytes / 1000).toFixed(1)} KB ` +
          `(${page.repeat.transferredKinds.join(", ")}) LCP ${page.repeat.lcpMs.toFixed(0)} ms`,
      );
    }

    const byName = (name: string) => pages.find((p) => p.name === name) as WebBenchPage;
    const signin = byName("signin");
    const list = byName("list");
    out(
      `bench:web signin_kb=${(signin.first.bytes / 1000).toFixed(1)} list_kb=${(list.first.bytes / 1000).toFixed(1)} ` +
        `signin_lcp_ms=${signin.first.lcpMs.toFixed(0)} list_lcp_ms=${list.first.lcpMs.toFixed(0)}`,
    );
    const misses = [
      signin.first.bytes / 1000 > WEB_BENCH_TARGETS.signinKb ? "sign-in bytes" : "",
      list.first.bytes / 1000 > WEB_BENCH_TARGETS.listKb ? "list bytes" : "",
      signin.first.lcpMs > WEB_BENCH_TARGETS.signinLcpMs ? "sign-in LCP" : "",
      list.first.lcpMs > WEB_BENCH_TARGETS.listLcpMs ? "list LCP" : "",
      ...pages
        .filter((p) => p.repeat.assetsFromNetwork.length > 0)
        .map((p) => `${p.name} repeat visit assets`),
    ].filter(Boolean);
    out(misses.length ? `Targets missed: ${misses.join(", ")}` : "All targets met.");
    if (options.write) {
      const file = await writeWebBenchReport({
        command: benchCommand("bench:web"),
        runs: options.runs,
        loadAverage,
        chromium: browser.version(),
        pages,
      });
      out(`Wrote ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    await runCleanups(cleanups);
  }
}

runBench(main);
