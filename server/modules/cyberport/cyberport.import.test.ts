import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_IDS } from "../../../shared/enums";
import { CyberportCredentialsUpdate } from "../../../shared/schemas/cyberport";
import { factories } from "../../../tests/factories";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabaseWithQueues } from "../../../tests/setup/queues";
import { TestClock } from "../../core/clock";
import { type Actor, createServiceContext } from "../../core/context";
import { cyberportImports, shipments, users } from "../../db/schema";
import { jobDefinitions } from "../../jobs/registry";
import { runCyberportImport } from "./cyberport.import.service";
import { saveCyberportCredentials, setCyberportEnabled, triggerCyberportImport } from "./cyberport.service";
import { DEMO_CREDENTIALS_INPUT, runtimeWith, startSimulator, testDeps } from "./cyberport.testkit";
import { SIMULATOR_BOOKINGS } from "./simulator.data";

// The import against the built-in simulator, in-process over its real HTTP routes: shipments are
// created through the normal create service (limit, duplicates, inference), what was skipped says
// why, bad credentials fail the import, and a retried or doubled job creates nothing twice.

const q = setupDatabaseWithQueues(jobDefinitions);
const clock = new TestClock(new Date("2026-03-02T09:00:00Z"));
let simulator: Awaited<ReturnType<typeof startSimulator>>;
beforeAll(async () => {
  simulator = await startSimulator(clock);
});
afterAll(() => simulator.close());

const f = () => factories(q.db, clock.now());
const systemCtx = () =>
  createServiceContext(
    { db: q.db as never, jobs: q.jobs(), clock, log: contextFor(q.db, { kind: "anonymous" }).log },
    { kind: "system", reason: "test" } satisfies Actor,
  );

async function queuedImport(
  options: { maxTrackings?: number; duplicates?: boolean; credentials?: object } = {},
) {
  const company = await f().company({ allowTrackingNumDuplication: options.duplicates ?? false });
  await f().contract(company.id, {
    plan: "PREMIUM",
    maxTrackings: options.maxTrackings ?? 100,
    maxMembers: 10,
  });
  const team = await f().team(company.id);
  const admin = await f().user({ companyId: company.id, role: "ADMIN" });
  await f().teamMember(team, admin);
  const ctx = contextFor(q.db, admin, { clock, jobs: q.jobs() });
  const input = CyberportCredentialsUpdate.parse({ ...DEMO_CREDENTIALS_INPUT, ...options.credentials });
  await saveCyberportCredentials(ctx, { teamId: team.id, input }, testDeps);
  await setCyberportEnabled(ctx, { teamId: team.id, enabled: true }, testDeps);
  const queued = await triggerCyberportImport(ctx, { teamId: team.id }, testDeps);
  return { company, team, admin, importId: queued.id };
}

async function importRow(id: string) {
  const [row] = await q.db.select().from(cyberportImports).where(eq(cyberportImports.id, id));
  if (!row) throw new Error("import gone");
  return row;
}

const teamShipments = (teamId: string) =>
  q.db.select().from(shipments).where(eq(shipments.teamId, teamId)).orderBy(shipments.createdAt);

const outcomes = (report: unknown) =>
  (report as { bookingId: string; outcome: string; code: string | null }[]).map(
    (e) => `${e.bookingId} ${e.outcome}${e.code ? ` ${e.code}` : ""}`,
  );

describe("an import against the simulator", () => {
  it("creates the bookings' shipments through the normal rules and reports the rest", async () => {
    const { team, admin, importId } = await queuedImport();
    const [job] = await q.boss.fetch("cyberport.import.service");
    expect(job?.data).toEqual({ importId });

    await runCyberportImport(systemCtx(), importId, runtimeWith(simulator.fetch));

    const row = await importRow(importId);
    expect(row).toMatchObject({ status: "SUCCEEDED", errorCode: null, createdCount: 7, skippedCount: 3 });
    expect(row.finishedAt).not.toBeNull();
    expect(outcomes(row.report)).toEqual([
      "CPB-1001 CREATED",
      "CPB-1002 CREATED",
      "CPB-1003 CREATED",
      "CPB-1004 CREATED",
      "CPB-1005 CREATED",
      "CPB-1006 CREATED",
      "CPB-1007 SKIPPED DUPLICATE_TRACKING_NUMBER",
      "CPB-1008 CREATED",
      "CPB-1009 SKIPPED CYBERPORT_BOOKING_NO_LINE",
      "CPB-1010 SKIPPED CYBERPORT_BOOKING_INVALID",
    ]);
    const created = await teamShipments(team.id);
    expect(created.map((s) => `${s.shippingLine} ${s.trackingType} ${s.trackingNumber}`).sort()).toEqual(
      [
        "MSC BOOKING_NUMBER EBKG04512346",
        "MAERSK BILL_OF_LADING_NUMBER MAEU241234567",
        "MSC CONTAINER_NUMBER MSCU7188200",
        "HAPAGLLOYD BOOKING_NUMBER 24051234",
        "EVERGREEN BILL_OF_LADING_NUMBER EGLV142400123456",
        "ONE CONTAINER_NUMBER TGHU1234567",
        "ONE BILL_OF_LADING_NUMBER TYOA24051200",
      ].sort(),
    );
    // As the requester, with the booking's reference as the title, and the first refresh queued.
    expect(created.every((s) => s.ownerUserId === admin.id)).toBe(true);
    expect(created.find((s) => s.trackingNumber === "EBKG04512346")?.title).toBe(
      "PO-4411 Kowloon Electronics",
    );
    expect(created.every((s) => s.queueStatus === "WAITING")).toBe(true);
    const report = row.report as { bookingId: string; shipmentId: string | null }[];
    expect(new Set(report.flatMap((e) => (e.shipmentId ? [e.shipmentId] : [])))).toEqual(
      new Set(created.map((s) => s.id)),
    );
  });

  it("imports a booking entered twice when the company allows duplicates", async () => {
    const { team, importId } = await queuedImport({ duplicates: true });
    await runCyberportImport(systemCtx(), importId, runtimeWith(simulator.fetch));
    expect(await importRow(importId)).toMatchObject({
      status: "SUCCEEDED",
      createdCount: 8,
      skippedCount: 2,
    });
    expect(await teamShipments(team.id)).toHaveLength(8);
  });

  it("skips the rest with the limit's code once the contract's tracking limit is reached", async () => {
    const { company, team, importId } = await queuedImport({ maxTrackings: 4 });
    await f().shipment(team, { trackingNumber: "EXISTING0001" });
    await runCyberportImport(systemCtx(), importId, runtimeWith(simulator.fetch));
    const row = await importRow(importId);
    expect(row).toMatchObject({ status: "SUCCEEDED", createdCount: 3, skippedCount: 7 });
    expect(outcomes(row.report).slice(0, 4)).toEqual([
      "CPB-1001 CREATED",
      "CPB-1002 CREATED",
      "CPB-1003 CREATED",
      "CPB-1004 SKIPPED TRACKING_LIMIT_REACHED",
    ]);
    expect(outcomes(row.report)).toContain("CPB-1008 SKIPPED TRACKING_LIMIT_REACHED");
    const active = await q.db.select().from(shipments).where(eq(shipments.companyId, company.id));
    expect(active).toHaveLength(4);
  });

  it("fails with the bad-credentials code when the port-community system refuses them", async () => {
    for (const wrong of [
      { cyberportLoginPassword: "not-the-password" },
      { cyberportClientSecret: "not-the-secret" },
      { cyberportAppId: "another-app" },
    ]) {
      const { team, importId } = await queuedImport({ credentials: wrong });
      await runCyberportImport(systemCtx(), importId, runtimeWith(simulator.fetch));
      expect(await importRow(importId)).toMatchObject({
        status: "FAILED",
        errorCode: "CYBERPORT_BAD_CREDENTIALS",
        createdCount: 0,
        report: [],
      });
      expect(await teamShipments(team.id)).toEqual([]);
    }
  });

  it("fails as unavailable when the endpoint does not answer in time", async () => {
    const { importId } = await queuedImport();
    const silent = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      })) as typeof fetch;
    await runCyberportImport(systemCtx(), importId, runtimeWith(silent, 50));
    expect(await importRow(importId)).toMatchObject({ status: "FAILED", errorCode: "CYBERPORT_UNAVAILABLE" });
  });

  it("stops, as failed, when the requester may no longer add shipments", async () => {
    const { team, admin, importId } = await queuedImport();
    await q.db.update(users).set({ roleId: ROLE_IDS.READONLY }).where(eq(users.id, admin.id));
    await runCyberportImport(systemCtx(), importId, runtimeWith(simulator.fetch));
    expect(await importRow(importId)).toMatchObject({ status: "FAILED", errorCode: "PERMISSION_DENIED" });
    expect(await teamShipments(team.id)).toEqual([]);
  });
});

describe("a retried import", () => {
  it("never creates a shipment twice, resumed after a crash or run twice at once", async () => {
    // Duplicates allowed, so only the import's own bookkeeping can stop a second creation.
    const { team, importId } = await queuedImport({ duplicates: true });
    await Promise.all([
      runCyberportImport(systemCtx(), importId, runtimeWith(simulator.fetch)),
      runCyberportImport(systemCtx(), importId, runtimeWith(simulator.fetch)),
    ]);
    expect(await teamShipments(team.id)).toHaveLength(8);
    // The worker died after the last booking, before the import was marked finished: pg-boss retries.
    await q.db
      .update(cyberportImports)
      .set({ status: "RUNNING", finishedAt: null })
      .where(eq(cyberportImports.id, importId));
    await runCyberportImport(systemCtx(), importId, runtimeWith(simulator.fetch));
    expect(await teamShipments(team.id)).toHaveLength(8);
    expect(await importRow(importId)).toMatchObject({
      status: "SUCCEEDED",
      createdCount: 8,
      skippedCount: 2,
    });
    // A finished import is left alone by any further delivery of its job.
    await runCyberportImport(systemCtx(), importId, runtimeWith(simulator.fetch));
    expect(await teamShipments(team.id)).toHaveLength(8);
  });

  it("resumes after the bookings already recorded", async () => {
    const { team, importId } = await queuedImport({ duplicates: true });
    // A first run that got through three bookings before its worker died.
    const firstThree = ((input: string | URL | Request, init?: RequestInit) =>
      simulator.fetch(input, init).then(async (res) => {
        if (!String(input).includes("/v1/bookings")) return res;
        const page = (await res.json()) as { bookings: unknown[] };
        return Response.json({ bookings: page.bookings.slice(0, 3), nextCursor: null });
      })) as typeof fetch;
    await runCyberportImport(systemCtx(), importId, runtimeWith(firstThree));
    await q.db
      .update(cyberportImports)
      .set({ status: "RUNNING", finishedAt: null })
      .where(eq(cyberportImports.id, importId));
    await runCyberportImport(systemCtx(), importId, runtimeWith(simulator.fetch));
    const row = await importRow(importId);
    expect(outcomes(row.report).map((o) => o.split(" ")[0])).toEqual(
      SIMULATOR_BOOKINGS.map((b) => b.bookingId),
    );
    expect(await teamShipments(team.id)).toHaveLength(8);
  });
});
