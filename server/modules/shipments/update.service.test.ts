import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Role } from "../../../shared/enums";
import { contextFor, recordingJobs } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import { activities, companies, shipments } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { codeOf } from "./shipments.testkit";
import { updateShipment } from "./update.service";

const clock = new TestClock("2026-01-15T00:00:00Z");
const t = setupDatabase(clock.now());
const as = (who: Parameters<typeof contextFor>[1], jobs?: JobQueue) =>
  contextFor(t.db, who, { clock, ...(jobs ? { jobs } : {}) });
const rowOf = async (id: string) => {
  const [row] = await t.db.select().from(shipments).where(eq(shipments.id, id));
  if (!row) throw new Error("gone");
  return row;
};
const kindsOf = async (id: string) =>
  (await t.db.select().from(activities).where(eq(activities.shipmentId, id))).map((a) => ({
    kind: a.kind,
    params: a.params,
    actorUserId: a.actorUserId,
  }));

async function world(options: { role?: Role; plan?: "STANDARD" | "PREMIUM"; maxTrackings?: number } = {}) {
  const { f } = t;
  const { company, team, user } = await f.companyWith(options.role ?? "OPERATOR");
  if (options.plan) {
    await f.contract(company.id, {
      plan: options.plan,
      maxMembers: 100,
      maxTrackings: options.maxTrackings ?? 1000,
    });
  }
  const shipment = await f.shipment(team, {
    trackingNumber: `UPD${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  });
  return { f, company, team, user, shipment };
}

describe("updateShipment", () => {
  it("saves title, remark and requested dates, and records each change with who made it", async () => {
    const { user, shipment } = await world();
    const detail = await updateShipment(as(user), {
      shipmentId: shipment.id,
      input: {
        title: "Machinery",
        remark: "Fragile",
        requestedEtd: "2026-02-01",
        requestedEta: "2026-03-01",
      },
    });
    expect(detail).toMatchObject({
      id: shipment.id,
      title: "Machinery",
      remark: "Fragile",
      requestedEtd: "2026-02-01",
      requestedEta: "2026-03-01",
    });
    expect(await kindsOf(shipment.id)).toEqual(
      expect.arrayContaining([
        {
          kind: "shipment.fieldChanged",
          params: { field: "title", from: null, to: "Machinery" },
          actorUserId: user.id,
        },
        {
          kind: "shipment.fieldChanged",
          params: { field: "remark", from: null, to: "Fragile" },
          actorUserId: user.id,
        },
        {
          kind: "shipment.fieldChanged",
          params: { field: "requestedEtd", from: null, to: "2026-02-01" },
          actorUserId: user.id,
        },
        {
          kind: "shipment.fieldChanged",
          params: { field: "requestedEta", from: null, to: "2026-03-01" },
          actorUserId: user.id,
        },
      ]),
    );

    // Cleared dates are null; absent fields stay; "" or null clears a text.
    await updateShipment(as(user), { shipmentId: shipment.id, input: { requestedEtd: null, title: "" } });
    expect(await rowOf(shipment.id)).toMatchObject({
      requestedEtd: null,
      requestedEta: "2026-03-01",
      title: null,
      remark: "Fragile",
    });
    await updateShipment(as(user), { shipmentId: shipment.id, input: { remark: null } });
    expect((await rowOf(shipment.id)).remark).toBeNull();
    await updateShipment(as(user), { shipmentId: shipment.id, input: { remark: "Fragile" } });
    // Nothing changed: nothing recorded.
    const before = (await kindsOf(shipment.id)).length;
    await updateShipment(as(user), {
      shipmentId: shipment.id,
      input: { remark: "Fragile", requestedEta: "2026-03-01" },
    });
    expect(await kindsOf(shipment.id)).toHaveLength(before);
  });

  it("recomputes the delays from the requested dates when they change, and clears them with the date", async () => {
    const { user, shipment } = await world();
    await t.db
      .update(shipments)
      .set({
        departureTime: new Date("2026-02-03T10:00:00Z"),
        arrivalTime: new Date("2026-03-06T10:00:00Z"),
      })
      .where(eq(shipments.id, shipment.id));
    const edited = await updateShipment(as(user), {
      shipmentId: shipment.id,
      input: { requestedEtd: "2026-02-01", requestedEta: "2026-03-01" },
    });
    expect(edited).toMatchObject({ requestedEtdDelayDays: 2, requestedEtaDelayDays: 5 });
    const cleared = await updateShipment(as(user), {
      shipmentId: shipment.id,
      input: { requestedEta: null },
    });
    expect(cleared).toMatchObject({ requestedEtdDelayDays: 2, requestedEtaDelayDays: null });
  });

  it("saves a tracking-number edit only when non-empty and changed, and then queues a refetch", async () => {
    const { user, shipment } = await world();
    const jobs = recordingJobs();
    await updateShipment(as(user, jobs), {
      shipmentId: shipment.id,
      input: { trackingNumber: ` ${shipment.trackingNumber.toLowerCase()} ` },
    });
    expect(jobs.sent).toEqual([]);
    expect((await rowOf(shipment.id)).trackingNumber).toBe(shipment.trackingNumber);

    await t.db
      .update(shipments)
      .set({ isFailing: true, failedReason: "NOT_FOUND", consecutiveFailures: 3 })
      .where(eq(shipments.id, shipment.id));
    await updateShipment(as(user, jobs), { shipmentId: shipment.id, input: { trackingNumber: "new 777" } });
    expect(await rowOf(shipment.id)).toMatchObject({
      trackingNumber: "NEW777",
      queueStatus: "WAITING",
      isFailing: false,
      failedReason: null,
      consecutiveFailures: 0,
    });
    expect(jobs.sent).toEqual([{ name: "tracking.refresh.MAERSK", payload: { shipmentId: shipment.id } }]);
    expect(await kindsOf(shipment.id)).toContainEqual({
      kind: "shipment.trackingChanged",
      params: {
        shippingLine: "MAERSK",
        trackingType: "BOOKING_NUMBER",
        trackingNumber: "NEW777",
        previous: {
          shippingLine: "MAERSK",
          trackingType: "BOOKING_NUMBER",
          trackingNumber: shipment.trackingNumber,
        },
      },
      actorUserId: user.id,
    });
  });

  it("applies the line/type rule and the duplicate rule to line, type and number edits", async () => {
    const { f, company, team, user, shipment } = await world();
    const other = await f.shipment(team, { trackingNumber: "TAKEN1" });
    expect(
      await codeOf(
        updateShipment(as(user), {
          shipmentId: shipment.id,
          input: { shippingLine: "DSV", trackingType: "CONTAINER_NUMBER" },
        }),
      ),
    ).toBe("TRACKING_TYPE_NOT_SUPPORTED");
    expect(
      await codeOf(
        updateShipment(as(user), { shipmentId: shipment.id, input: { trackingNumber: "taken1" } }),
      ),
    ).toBe("DUPLICATE_TRACKING_NUMBER");
    expect(
      await codeOf(
        updateShipment(as(user), {
          shipmentId: shipment.id,
          input: { shippingLine: "MSC", trackingNumber: "TAKEN1" },
        }),
      ),
    ).toBe("ok");
    expect((await rowOf(shipment.id)).shippingLine).toBe("MSC");
    await t.db
      .update(companies)
      .set({ allowTrackingNumDuplication: true })
      .where(eq(companies.id, company.id));
    expect(
      await codeOf(updateShipment(as(user), { shipmentId: other.id, input: { shippingLine: "MSC" } })),
    ).toBe("ok");
  });

  it("holds a new container number to its check digit, unless confirmed; a kept number is not judged again", async () => {
    const { f, team, user, shipment } = await world();
    const toBox = (trackingNumber: string) => ({
      trackingNumber,
      shippingLine: "MAERSK" as const,
      trackingType: "CONTAINER_NUMBER" as const,
    });
    expect(
      await codeOf(updateShipment(as(user), { shipmentId: shipment.id, input: toBox("MSKU1234567") })),
    ).toBe("CONTAINER_CHECK_DIGIT_MISMATCH");
    // The type alone turning a booking-shaped number into a container number is judged too.
    const boxLike = await f.shipment(team, { trackingNumber: "MSCU7188213" });
    expect(
      await codeOf(
        updateShipment(as(user), { shipmentId: boxLike.id, input: { trackingType: "CONTAINER_NUMBER" } }),
      ),
    ).toBe("CONTAINER_CHECK_DIGIT_MISMATCH");
    expect((await rowOf(shipment.id)).trackingNumber).toBe(shipment.trackingNumber);
    expect(
      await codeOf(
        updateShipment(as(user), {
          shipmentId: shipment.id,
          input: toBox("MSKU1234567"),
          confirmCheckDigit: true,
        }),
      ),
    ).toBe("ok");
    expect((await rowOf(shipment.id)).trackingNumber).toBe("MSKU1234567");
    // Moving the kept box to another line does not ask again.
    expect(
      await codeOf(updateShipment(as(user), { shipmentId: shipment.id, input: { shippingLine: "MSC" } })),
    ).toBe("ok");
    expect(
      await codeOf(updateShipment(as(user), { shipmentId: shipment.id, input: toBox("MSKU1234565") })),
    ).toBe("ok");
  });

  it("gates custom fields to PREMIUM and ENTERPRISE, with the team's field name in the activity", async () => {
    const free = await world();
    expect(
      await codeOf(
        updateShipment(as(free.user), { shipmentId: free.shipment.id, input: { customField1: "PO-9" } }),
      ),
    ).toBe("CUSTOM_FIELDS_PREMIUM_ONLY");
    expect((await rowOf(free.shipment.id)).customField1).toBeNull();

    const premium = await world({ plan: "PREMIUM" });
    await t.db.execute(sql`update teams set custom_field1_name = 'PO number' where id = ${premium.team.id}`);
    const detail = await updateShipment(as(premium.user), {
      shipmentId: premium.shipment.id,
      input: { customField1: "PO-9" },
    });
    expect(detail.customField1).toBe("PO-9");
    expect(await kindsOf(premium.shipment.id)).toContainEqual({
      kind: "shipment.fieldChanged",
      params: { field: "customField1", from: null, to: "PO-9", label: "PO number" },
      actorUserId: premium.user.id,
    });
  });

  it("archives and unarchives; unarchiving counts against maxTrackings under the company lock", async () => {
    const { f, team, user, shipment } = await world({ plan: "PREMIUM", maxTrackings: 2 });
    const archived = await updateShipment(as(user), { shipmentId: shipment.id, input: { isArchived: true } });
    expect(archived).toMatchObject({ isArchived: true, queueStatus: "SLEEPING" });
    await f.shipment(team);
    await f.shipment(team);
    expect(
      await codeOf(updateShipment(as(user), { shipmentId: shipment.id, input: { isArchived: false } })),
    ).toBe("TRACKING_LIMIT_REACHED");
    await t.db.execute(
      sql`update contracts set max_trackings = 3 where company_id = ${team.companyId} and plan = 'PREMIUM'`,
    );
    const jobs = recordingJobs();
    const back = await updateShipment(as(user, jobs), {
      shipmentId: shipment.id,
      input: { isArchived: false },
    });
    expect(back).toMatchObject({ isArchived: false, queueStatus: "WAITING" });
    expect(jobs.sent).toHaveLength(1);
    expect((await kindsOf(shipment.id)).map((a) => a.kind)).toEqual(
      expect.arrayContaining(["shipment.archived", "shipment.unarchived"]),
    );
  });

  it("lets exactly one of two racing unarchives through at the limit", async () => {
    const { f, team, user } = await world({ plan: "PREMIUM", maxTrackings: 2 });
    const a = await f.shipment(team, { archivedAt: clock.now() });
    const b = await f.shipment(team, { archivedAt: clock.now() });
    const outcomes = await Promise.all(
      [a, b].map((s) => codeOf(updateShipment(as(user), { shipmentId: s.id, input: { isArchived: false } }))),
    );
    expect(outcomes.sort()).toEqual(["TRACKING_LIMIT_REACHED", "ok"]);
  });

  it("moves to another active team of the company on PREMIUM, by Admins and Managers only", async () => {
    const {
      f,
      company,
      team,
      user: managerUser,
      shipment,
    } = await world({ role: "MANAGER", plan: "PREMIUM" });
    const target = await f.team(company.id, { name: "Osaka" });
    await f.teamMember(target, managerUser);
    const archivedTeam = await f.team(company.id, { isArchived: true });
    await f.teamMember(archivedTeam, managerUser);
    const foreign = await world();
    const operator = await f.user({ companyId: company.id, role: "OPERATOR" });
    await f.teamMember(team, operator);
    await f.teamMember(target, operator);

    const move = (who: typeof operator, teamId: string) =>
      codeOf(updateShipment(as(who), { shipmentId: shipment.id, input: { teamId } }));
    expect(await move(operator, target.id)).toBe("PERMISSION_DENIED");
    expect(await move(managerUser, foreign.team.id)).toBe("TEAM_NOT_FOUND");
    expect(await move(managerUser, archivedTeam.id)).toBe("TEAM_ARCHIVED");
    expect((await rowOf(shipment.id)).teamId).toBe(team.id);
    expect(await move(managerUser, target.id)).toBe("ok");
    expect((await rowOf(shipment.id)).teamId).toBe(target.id);
    expect(await kindsOf(shipment.id)).toContainEqual({
      kind: "shipment.movedTeam",
      params: { fromTeamName: team.name, toTeamName: "Osaka" },
      actorUserId: managerUser.id,
    });
  });

  it("refuses moving teams below PREMIUM", async () => {
    const { f, company, shipment } = await world({ role: "ADMIN", plan: "STANDARD" });
    const admin = await f.user({ companyId: company.id, role: "ADMIN" });
    const target = await f.team(company.id);
    expect(
      await codeOf(updateShipment(as(admin), { shipmentId: shipment.id, input: { teamId: target.id } })),
    ).toBe("UPGRADE_REQUIRED");
  });

  it.each([
    ["ADMIN", "ok", "ok"],
    ["MANAGER", "ok", "ok"],
    ["OPERATOR", "ok", "ok"],
    ["READONLY", "PERMISSION_DENIED", "PERMISSION_DENIED"],
  ] as const)("as %s: edit %s, archive %s", async (role, edit, archive) => {
    const { user, shipment } = await world({ role });
    expect(await codeOf(updateShipment(as(user), { shipmentId: shipment.id, input: { title: "x" } }))).toBe(
      edit,
    );
    expect(
      await codeOf(updateShipment(as(user), { shipmentId: shipment.id, input: { isArchived: true } })),
    ).toBe(archive);
  });

  it("answers SHIPMENT_NOT_FOUND for another company's shipment or a team the member is not in", async () => {
    const { f, company, user } = await world();
    const foreign = await world();
    const otherTeam = await f.team(company.id);
    const hidden = await f.shipment(otherTeam);
    for (const id of [foreign.shipment.id, hidden.id]) {
      expect(await codeOf(updateShipment(as(user), { shipmentId: id, input: { title: "mine" } }))).toBe(
        "SHIPMENT_NOT_FOUND",
      );
    }
    expect((await rowOf(foreign.shipment.id)).title).toBeNull();
  });
});
