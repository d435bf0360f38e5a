import { eq, sql } from "drizzle-orm";
import { roleFromId } from "../../../shared/enums";
import type { ErrorCode } from "../../../shared/errors";
import { isAppError } from "../../core/app-error";
import { requireSystem } from "../../core/authz";
import { type Actor, createServiceContext, type ServiceContext } from "../../core/context";
import type { Database, Db } from "../../db/client";
import { type CyberportImport, cyberportImports, teams, users } from "../../db/schema";
import { createShipment } from "../shipments/create.service";
import { CyberportFailure } from "./cyberport.adapter";
import { bookingKey, planBooking, type ReportEntry } from "./cyberport.bookings";
import type { CyberportRuntime } from "./cyberport.config";
import { openCredentials } from "./cyberport.credentials";
import { lockImport } from "./cyberport.queries";

// The import job: fetch the team's bookings, then create each through the normal create service as
// the person who pressed Trigger Import (their role, the company's limit under its lock,
// duplicates, inference). Each booking's shipment and its line in the report commit together
// under the import row's lock, and a booking already in the report is never tried again: a retried
// or duplicated job resumes where the last one stopped and creates nothing twice.

/** Refusals that concern the requester or the company, not one booking: the import stops there. */
const FATAL_CODES = new Set<ErrorCode>([
  "PERMISSION_DENIED",
  "NO_COMPANY",
  "UNAUTHENTICATED",
  "EMAIL_NOT_VERIFIED",
  "COMPANY_NOT_APPROVED",
  "TRIAL_ENDED",
  "CONTRACT_ENDED",
  "TEAM_NOT_FOUND",
  "TEAM_ARCHIVED",
]);

type Step = "continue" | "stopped" | { fatal: ErrorCode };

export async function runCyberportImport(
  ctx: ServiceContext,
  importId: string,
  runtime: CyberportRuntime,
): Promise<void> {
  requireSystem(ctx);
  const run = await startImport(ctx, importId);
  if (!run) return;
  const fail = (code: ErrorCode) => finishImport(ctx, importId, "FAILED", code);

  const [team] = await ctx.db.select().from(teams).where(eq(teams.id, run.teamId));
  if (!team || team.companyId !== run.companyId) return fail("TEAM_NOT_FOUND");
  if (!team.cyberportEnabled) return fail("CYBERPORT_NOT_ENABLED");
  const credentials = openCredentials(team, runtime.secrets);
  if (!credentials) return fail("CYBERPORT_CREDENTIALS_INCOMPLETE");
  if (!runtime.client) return fail("CYBERPORT_NOT_CONFIGURED");
  const requester = await requesterActor(ctx.db, run);
  if (!requester) return fail("PERMISSION_DENIED");

  let bookings: unknown[];
  try {
    bookings = await runtime.client.fetchBookings(credentials);
  } catch (err) {
    if (!(err instanceof CyberportFailure)) throw err;
    ctx.log.warn({ importId, detail: err.detail }, "port-community import failed");
    return fail(err.code);
  }

  const deps = { db: ctx.db as Database, jobs: ctx.jobs, clock: ctx.clock, log: ctx.log };
  for (const [index, raw] of bookings.entries()) {
    const step = await importBooking(
      ctx,
      importId,
      run.teamId,
      bookingKey(raw, index),
      () => planBooking(raw, index),
      (db) => createServiceContext(deps, requester, ctx.lang, { db }),
    );
    if (step === "stopped") return;
    if (step !== "continue") return fail(step.fatal);
  }
  await finishImport(ctx, importId, "SUCCEEDED", null);
}

/** QUEUED → RUNNING (a retry finds it RUNNING and resumes); null when it already finished. */
async function startImport(ctx: ServiceContext, importId: string): Promise<CyberportImport | null> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockImport(tx, importId);
    if (!row || (row.status !== "QUEUED" && row.status !== "RUNNING")) return null;
    if (row.status === "QUEUED") {
      await tx
        .update(cyberportImports)
        .set({ status: "RUNNING", startedAt: ctx.clock.now() })
        .where(eq(cyberportImports.id, importId));
    }
    return row;
  });
}

async function finishImport(
  ctx: ServiceContext,
  importId: string,
  status: "SUCCEEDED" | "FAILED",
  errorCode: ErrorCode | null,
): Promise<void> {
  await ctx.db
    .update(cyberportImports)
    .set({ status, errorCode, finishedAt: ctx.clock.now() })
    .where(sql`${cyberportImports.id} = ${importId} and ${cyberportImports.status} in ('QUEUED', 'RUNNING')`);
}

/** The requester as they are now (role, company), acting through the services as in the console. */
async function requesterActor(db: Db, run: CyberportImport): Promise<Actor | null> {
  if (!run.requestedByUserId) return null;
  const [user] = await db.select().from(users).where(eq(users.id, run.requestedByUserId));
  const role = user?.roleId ? roleFromId(user.roleId) : undefined;
  if (!user || user.companyId !== run.companyId || !role) return null;
  return {
    kind: "user",
    userId: user.id,
    // No session acts here: the job carries out what the signed-in requester asked for.
    sessionId: `cyberport-import:${run.id}`,
    email: user.email,
    companyId: user.companyId,
    role,
    emailVerified: user.isEmailVerified,
    mfaSatisfied: true,
  };
}

const reportHas = (report: unknown, key: string) =>
  Array.isArray(report) && report.some((e) => (e as { bookingId?: unknown })?.bookingId === key);

async function importBooking(
  ctx: ServiceContext,
  importId: string,
  teamId: string,
  key: string,
  plan: () => ReturnType<typeof planBooking>,
  actingOn: (db: Db) => ServiceContext,
): Promise<Step> {
  return ctx.db.transaction(async (tx): Promise<Step> => {
    const row = await lockImport(tx, importId);
    if (row?.status !== "RUNNING") return "stopped";
    if (reportHas(row.report, key)) return "continue";
    const planned = plan();
    let entry: ReportEntry;
    if (!planned.ok) entry = planned.entry;
    else {
      const known = {
        bookingId: key,
        trackingNumber: planned.input.trackingNumber,
        shippingLine: planned.input.shippingLine,
        trackingType: planned.input.trackingType,
      };
      try {
        // A savepoint: a refused booking leaves no trace of its attempt, the report line still commits.
        const created = await tx.transaction((sp) =>
          createShipment(actingOn(sp), { teamId, input: planned.input }),
        );
        entry = { ...known, outcome: "CREATED", shipmentId: created.id, code: null };
      } catch (err) {
        if (!isAppError(err)) throw err;
        if (FATAL_CODES.has(err.code)) return { fatal: err.code };
        entry = { ...known, outcome: "SKIPPED", shipmentId: null, code: err.code };
      }
    }
    const created = entry.outcome === "CREATED" ? 1 : 0;
    await tx
      .update(cyberportImports)
      .set({
        report: sql`${cyberportImports.report} || ${JSON.stringify([entry])}::jsonb`,
        createdCount: sql`${cyberportImports.createdCount} + ${created}`,
        skippedCount: sql`${cyberportImports.skippedCount} + ${1 - created}`,
      })
      .where(eq(cyberportImports.id, importId));
    return "continue";
  });
}
