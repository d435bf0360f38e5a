// The provider's admin CLI: `npm run admin -- <command> [options]`. Runs against DATABASE_URL, or
// the embedded database (the running server's, or started for the duration of the command).
import { parseArgs } from "node:util";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import pino from "pino";
import { loadConfig, publicAppUrlForLinks } from "../server/config";
import type { AppError } from "../server/core/app-error";
import { systemClock } from "../server/core/clock";
import { createServiceContext } from "../server/core/context";
import { createDb, type Db } from "../server/db/client";
import { runningEmbeddedUrl, startEmbeddedPostgres } from "../server/db/embedded";
import { runMigrations } from "../server/db/migrate";
import { startBoss } from "../server/jobs/boss";
import type { JobDefinition } from "../server/jobs/define";
import { createJobQueue, type JobQueue } from "../server/jobs/queue";
import { runAisDecodeCommand } from "../server/modules/ais/decode/ais-decode.command";
import { runTrackCommand, TRACK_USAGE } from "../server/modules/carriers/dcsa/track.command";
import {
  isLineNoticeCommand,
  LINE_NOTICE_USAGE,
  runLineNoticeCommand,
} from "../server/modules/carriers/notices/notices.command";
import {
  approveCompany,
  listCompaniesForProvider,
  SetContractInput,
  setContract,
} from "../server/modules/companies/provider.service";
import {
  approveApi,
  FEATURE_COLUMNS,
  type FeatureName,
  listContracts,
  listUpgradeRequests,
  ModifyContractInput,
  modifyContract,
  setFeatures,
} from "../server/modules/plans/provider.service";
import {
  AcceptUpgradeInput,
  acceptUpgradeRequest,
  RefuseUpgradeInput,
  refuseUpgradeRequest,
} from "../server/modules/plans/upgrade-review.service";
import { errorMessage } from "../shared/i18n";

const USAGE = `Usage: npm run admin -- <command>

  list-companies [--json]
  ais-decode                  (NMEA lines on stdin; one JSON object per decoded AIS message)
  ${TRACK_USAGE}
  ${LINE_NOTICE_USAGE}
  approve-company <company id | user e-mail>
  set-contract <company id | user e-mail> --plan FREE|STARTER|STANDARD|PREMIUM|ENTERPRISE
               --starts YYYY-MM-DD --ends YYYY-MM-DD --max-trackings N --max-members N
  modify-contract <contract id> [--plan P] [--starts D] [--ends D] [--max-trackings N] [--max-members N] [--quote Q]
  list-contracts [<company id | user e-mail>] [--json]
  list-upgrade-requests [--status SUBMITTED|ACCEPTED|REJECTED] [--json]
  accept-upgrade-request <request id> --plan STARTER|STANDARD|PREMIUM|ENTERPRISE --starts YYYY-MM-DD
               [--ends YYYY-MM-DD] --max-trackings N --max-members N [--quote Q]
  refuse-upgrade-request <request id> --reason "text e-mailed to the company"
  approve-api <company id | user e-mail>
  set-features <company id | user e-mail> [--connect on|off] [--api on|off] [--container-events on|off]

Commands that e-mail customers (approve-company, accept-upgrade-request, refuse-upgrade-request)
need APP_URL, the app's public address, set explicitly: their links must lead where the app runs.`;

/** Commands whose e-mails carry links into the app: they never guess the address (see publicAppUrlForLinks). */
const MAILING_COMMANDS = new Set(["approve-company", "accept-upgrade-request", "refuse-upgrade-request"]);

/**
 * Approving a company queues e-mails to its Admins in the approving transaction; pg-boss starts
 * (send-only, no supervision) the first time a command enqueues, so the other commands never
 * connect it.
 */
function lazyJobs(url: string, log: pino.Logger): { jobs: JobQueue; stop: () => Promise<void> } {
  let started: Promise<PgBoss> | undefined;
  const boss = () =>
    (started ??= startBoss(url, log as unknown as FastifyBaseLogger, { worker: false, max: 1 }));
  const ready = async (job: Pick<JobDefinition, "name" | "options">) => {
    const b = await boss();
    // A database no worker has started yet has no queues: create the one this job goes to.
    if (!(await b.getQueue(job.name))) await b.createQueue(job.name, job.options ?? {});
    return b;
  };
  const queue = (db?: Db): JobQueue => ({
    send: async (job, payload, options) => createJobQueue(await ready(job), db).send(job, payload, options),
    sendMany: async (job, jobs) => createJobQueue(await ready(job), db).sendMany(job, jobs),
    within: (txDb) => queue(txDb),
  });
  return {
    jobs: queue(),
    stop: async () => {
      if (started) await (await started).stop({ graceful: true, close: true, timeout: 5_000 });
    },
  };
}

async function openDatabase(config: ReturnType<typeof loadConfig>, log: pino.Logger) {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const running = await runningEmbeddedUrl({
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_PG_PORT,
    database: "tracking",
  });
  if (running) return { url: running, stop: async () => {} };
  const pg = await startEmbeddedPostgres({
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_PG_PORT,
    database: "tracking",
    log: { info: (m) => log.info(m), warn: (m) => log.warn(m) },
  });
  return { url: pg.url, stop: () => pg.stop() };
}

export async function runAdmin(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  // Operator tools with options of their own and no database.
  if (argv[0] === "track") return runTrackCommand(argv.slice(1), out);
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      plan: { type: "string" },
      starts: { type: "string" },
      ends: { type: "string" },
      "max-trackings": { type: "string" },
      "max-members": { type: "string" },
      quote: { type: "string" },
      status: { type: "string" },
      reason: { type: "string" },
      kind: { type: "string" },
      connect: { type: "string" },
      api: { type: "string" },
      "container-events": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, ref] = positionals;
  if (!command || values.help) {
    out(USAGE);
    return command ? 0 : 2;
  }
  // Operator tools that need no database.
  if (command === "ais-decode") return runAisDecodeCommand(positionals.slice(1), out);
  let appUrl: string | undefined;
  if (MAILING_COMMANDS.has(command)) {
    try {
      appUrl = publicAppUrlForLinks();
    } catch (err) {
      out((err as Error).message);
      return 2;
    }
  }
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL === "info" ? "warn" : config.LOG_LEVEL });
  const database = await openDatabase(config, log);
  const dbh = createDb(database.url, { max: 2 });
  const queue = lazyJobs(database.url, log);
  const who = process.env.SUDO_USER ?? process.env.USER ?? "unknown";
  const ctx = createServiceContext(
    { db: dbh.db, jobs: queue.jobs, clock: systemClock, log },
    { kind: "system", reason: `admin-cli:${who}` },
  );
  try {
    await runMigrations(database.url);
    if (isLineNoticeCommand(command)) return await runLineNoticeCommand(ctx, command, ref, values, out);
    switch (command) {
      case "list-companies": {
        const rows = await listCompaniesForProvider(ctx);
        printListing(out, rows, values.json, "No companies.", (r) => [
          r.id,
          r.approvalState.padEnd(8),
          r.contractStatus.padEnd(16),
          (r.plan ?? "-").padEnd(10),
          `${r.members} members`,
          `${r.shipments} shipments`,
          r.adminEmail ?? "-",
          r.companyName,
        ]);
        return 0;
      }
      case "approve-company": {
        if (!ref) throw new UsageError("approve-company needs a company id or a user e-mail");
        const company = await approveCompany(ctx, ref, { appUrl: appUrl ?? config.APP_URL });
        out(`Approved ${company.companyName} (${company.id})`);
        return 0;
      }
      case "set-contract": {
        if (!ref) throw new UsageError("set-contract needs a company id or a user e-mail");
        const input = SetContractInput.safeParse({
          plan: values.plan,
          startsAt: values.starts,
          endsAt: values.ends,
          maxTrackings: values["max-trackings"],
          maxMembers: values["max-members"],
        });
        if (!input.success)
          throw new UsageError(input.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
        const result = await setContract(ctx, ref, input.data);
        out(
          `Contract ${result.contract?.plan} set for ${result.company.companyName} (${result.contracts} contracts on record)`,
        );
        return 0;
      }
      case "modify-contract": {
        if (!ref) throw new UsageError("modify-contract needs a contract id");
        const input = ModifyContractInput.safeParse({
          plan: values.plan,
          startsAt: values.starts,
          endsAt: values.ends,
          maxTrackings: values["max-trackings"],
          maxMembers: values["max-members"],
          quoteNumber: values.quote,
        });
        if (!input.success)
          throw new UsageError(input.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
        const result = await modifyContract(ctx, ref, input.data);
        out(
          `Contract ${result.contract.id} is ${result.contract.plan}; the company is ${result.contractStatus}`,
        );
        return 0;
      }
      case "list-upgrade-requests": {
        const rows = await listUpgradeRequests(ctx, values.status ? { status: values.status } : {});
        printListing(out, rows, values.json, "No upgrade requests.", (r) => [
          r.id,
          r.status.padEnd(9),
          r.plan.padEnd(10),
          r.paymentMethod.padEnd(13),
          r.quoteNumber,
          r.desiredStartDate,
          r.companyName,
        ]);
        return 0;
      }
      // --- Contracts and upgrade requests (the provider's answer to the upgrade form) ---
      case "list-contracts": {
        const rows = await listContracts(ctx, ref);
        printListing(out, rows, values.json, "No contracts.", (r) => [
          r.id,
          r.phase.padEnd(8),
          r.plan.padEnd(10),
          `${r.startsAt.slice(0, 10)} – ${r.isAutoRenewing ? "auto update" : r.endsAt.slice(0, 10)}`,
          `${r.maxTrackings} trackings`,
          `${r.maxMembers} members`,
          r.paymentMethod.padEnd(13),
          r.quoteNumber ?? "-",
          r.companyName,
        ]);
        return 0;
      }
      case "accept-upgrade-request": {
        if (!ref)
          throw new UsageError("accept-upgrade-request needs an upgrade request id (list-upgrade-requests)");
        const input = AcceptUpgradeInput.safeParse({
          plan: values.plan,
          startsAt: values.starts,
          endsAt: values.ends,
          maxTrackings: values["max-trackings"],
          maxMembers: values["max-members"],
          quoteNumber: values.quote,
        });
        if (!input.success)
          throw new UsageError(input.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
        const settings = { salesEmail: config.SALES_EMAIL, appUrl: appUrl ?? config.APP_URL };
        const result = await acceptUpgradeRequest(ctx, settings, ref, input.data);
        const c = result.contract;
        out(
          `Accepted: ${c?.plan} for ${result.companyName} from ${c?.startsAt.slice(0, 10)} (${c?.maxTrackings} trackings, ${c?.maxMembers} members), contract ${c?.id}; the company is ${result.contractStatus}; ${result.mailed} e-mail(s) queued`,
        );
        return 0;
      }
      case "refuse-upgrade-request": {
        if (!ref)
          throw new UsageError("refuse-upgrade-request needs an upgrade request id (list-upgrade-requests)");
        const input = RefuseUpgradeInput.safeParse({ reason: values.reason ?? "" });
        if (!input.success)
          throw new UsageError(
            input.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n"),
          );
        const settings = { salesEmail: config.SALES_EMAIL, appUrl: appUrl ?? config.APP_URL };
        const result = await refuseUpgradeRequest(ctx, settings, ref, input.data);
        out(`Refused the upgrade request of ${result.companyName}; ${result.mailed} e-mail(s) queued`);
        return 0;
      }
      // --- end of contracts and upgrade requests ---
      case "approve-api": {
        if (!ref) throw new UsageError("approve-api needs a company id or a user e-mail");
        const result = await approveApi(ctx, ref);
        out(`API enabled for ${result.company.companyName} (${result.applications} application(s) accepted)`);
        return 0;
      }
      case "set-features": {
        if (!ref) throw new UsageError("set-features needs a company id or a user e-mail");
        const features: Partial<Record<FeatureName, boolean>> = {};
        for (const name of Object.keys(FEATURE_COLUMNS) as FeatureName[]) {
          const value = values[name];
          if (value === undefined) continue;
          if (value !== "on" && value !== "off") throw new UsageError(`--${name} must be on or off`);
          features[name] = value === "on";
        }
        if (Object.keys(features).length === 0)
          throw new UsageError("set-features needs at least one feature");
        const result = await setFeatures(ctx, ref, features);
        out(
          `${result.companyName}: connect ${result.isConnectEnabled ? "on" : "off"}, api ${result.isApiEnabled ? "on" : "off"}, container events ${result.isContainerEventEnabled ? "on" : "off"}`,
        );
        return 0;
      }
      default:
        throw new UsageError(`Unknown command: ${command}`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      out(`${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof Error && err.name === "AppError") {
      const { code, params } = err as AppError;
      const missing =
        command === "modify-contract" ? `No contract found for ${ref}` : `No company found for ${ref}`;
      out(code === "NOT_FOUND" ? missing : `${errorMessage("en", code, params)} (${code})`);
      return 1;
    }
    throw err;
  } finally {
    await queue.stop();
    await dbh.close();
    await database.stop();
  }
}

class UsageError extends Error {}

/** A listing command's answer: JSON with --json, else one line per row (columns two spaces apart). */
function printListing<T>(
  out: (line: string) => void,
  rows: readonly T[],
  json: boolean,
  empty: string,
  columns: (row: T) => (string | number)[],
): void {
  if (json) out(JSON.stringify(rows, null, 2));
  else if (rows.length === 0) out(empty);
  else for (const row of rows) out(columns(row).join("  "));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdmin(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
