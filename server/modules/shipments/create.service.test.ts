import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Role, SubscriptionSetting } from "../../../shared/enums";
import { factories } from "../../../tests/factories";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabaseWithQueues } from "../../../tests/setup/queues";
import { DAY_MS, TestClock } from "../../core/clock";
import { activities, companies, shipments, subscriptions } from "../../db/schema";
import { trackingJobs } from "../tracking/tracking.jobs";
import { createShipment } from "./create.service";
import { codeOf } from "./shipments.testkit";

const t = setupDatabaseWithQueues(trackingJobs);
const clock = new TestClock("2026-01-15T00:00:00Z");

const as = (who: Parameters<typeof contextFor>[1], at: TestClock = clock) =>
  contextFor(t.db, who, { clock: at, jobs: t.jobs() });
const booking = (trackingNumber: string) => ({
  trackingNumber,
  shippingLine: "MAERSK" as const,
  trackingType: "BOOKING_NUMBER" as const,
});
const refreshJobs = (shipmentId: string) =>
  t.db.execute<{ name: string }>(
    sql`select name from pgboss.job where name like 'tracking.refresh.%' and singleton_key = ${shipmentId}`,
  );
const countOf = async (companyId: string) => {
  const rows = await t.db
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(shipments.companyId, companyId));
  return rows.length;
};

async function world(options: { role?: Role; plan?: "STANDARD" | "PREMIUM"; maxTrackings?: number } = {}) {
  const f = factories(t.db);
  const { company, team, user } = await f.companyWith(options.role ?? "OPERATOR");
  if (options.plan) {
    await f.contract(company.id, {
      plan: options.plan,
      maxMembers: 100,
      maxTrackings: options.maxTrackings ?? 1000,
    });
  } else if (options.maxTrackings !== undefined) {
    await t.db.execute(
      sql`update contracts set max_trackings = ${options.maxTrackings} where company_id = ${company.id}`,
    );
  }
  return { f, company, team, user };
}

describe("createShipment", () => {
  it("creates the shipment with the number normalized and records who added it", async () => {
    const { team, user } = await world();
    const created = await createShipment(as(user), {
      teamId: team.id,
      input: { ...booking("  mae 123\u3000４５６ "), title: " Spare parts ", requestedEtd: "2026-02-01" },
    });
    expect(created.warnings).toEqual([]);
    const [row] = await t.db.select().from(shipments).where(eq(shipments.id, created.id));
    expect(row).toMatchObject({
      trackingNumber: "MAE123456",
      title: "Spare parts",
      requestedEtd: "2026-02-01",
      requestedEta: null,
      ownerUserId: user.id,
      teamId: team.id,
      isArchived: false,
    });
    const logged = await t.db.select().from(activities).where(eq(activities.shipmentId, created.id));
    expect(logged).toEqual([
      expect.objectContaining({
        kind: "shipment.created",
        actorUserId: user.id,
        params: { shippingLine: "MAERSK", trackingType: "BOOKING_NUMBER", trackingNumber: "MAE123456" },
      }),
    ]);
  });

  it("queues the first refresh in the same transaction: WAITING with its job, or neither", async () => {
    const { team, user } = await world();
    const created = await createShipment(as(user), { teamId: team.id, input: booking("FIRST1") });
    const [row] = await t.db.select().from(shipments).where(eq(shipments.id, created.id));
    expect(row?.queueStatus).toBe("WAITING");
    expect(await refreshJobs(created.id)).toEqual([{ name: "tracking.refresh.MAERSK" }]);

    // The same call inside a transaction that then fails leaves no shipment and no job behind.
    let rolledBackId = "";
    const failed = as(user).tx(async (tx) => {
      rolledBackId = (await createShipment(tx, { teamId: team.id, input: booking("FIRST2") })).id;
      throw new Error("rolled back");
    });
    await expect(failed).rejects.toThrow("rolled back");
    expect(rolledBackId).not.toBe("");
    expect(await t.db.select().from(shipments).where(eq(shipments.id, rolledBackId))).toEqual([]);
    expect(await refreshJobs(rolledBackId)).toEqual([]);
  });

  it("warns, without refusing, about ONE numbers entered with the ONEY prefix", async () => {
    const { team, user } = await world();
    const created = await createShipment(as(user), {
      teamId: team.id,
      input: {
        trackingNumber: "oney tyo123456789",
        shippingLine: "ONE",
        trackingType: "BILL_OF_LADING_NUMBER",
      },
    });
    expect(created.warnings).toEqual(["tracking.warnings.oneyPrefix"]);
    const [row] = await t.db.select().from(shipments).where(eq(shipments.id, created.id));
    expect(row?.trackingNumber).toBe("ONEYTYO123456789");
  });

  it("refuses a tracking type the line does not offer", async () => {
    const { team, user } = await world();
    const input = {
      trackingNumber: "CONT1234567",
      shippingLine: "DSV" as const,
      trackingType: "CONTAINER_NUMBER" as const,
    };
    expect(await codeOf(createShipment(as(user), { teamId: team.id, input }))).toBe(
      "TRACKING_TYPE_NOT_SUPPORTED",
    );
  });

  it("refuses a container number whose check digit does not match, unless the form's person confirmed it", async () => {
    const { company, team, user } = await world();
    const box = (trackingNumber: string, shippingLine: "EVERGREEN" | "MSC" | "MAERSK") => ({
      trackingNumber,
      shippingLine,
      trackingType: "CONTAINER_NUMBER" as const,
    });
    for (const input of [
      box("EGHU9012347", "EVERGREEN"),
      box("MSCU7188213", "MSC"),
      box(" msku 123456 7", "MAERSK"),
    ]) {
      expect(await codeOf(createShipment(as(user), { teamId: team.id, input }))).toBe(
        "CONTAINER_CHECK_DIGIT_MISMATCH",
      );
    }
    expect(await countOf(company.id)).toBe(0);
    // The right digit goes through; so does the wrong one the person chose to keep.
    await createShipment(as(user), { teamId: team.id, input: box("MSKU1234565", "MAERSK") });
    const kept = await createShipment(as(user), {
      teamId: team.id,
      input: box("MSCU7188213", "MSC"),
      confirmCheckDigit: true,
    });
    const [row] = await t.db.select().from(shipments).where(eq(shipments.id, kept.id));
    expect(row?.trackingNumber).toBe("MSCU7188213");
    // Booking and B/L numbers are the line's own format: never held to a check digit.
    await createShipment(as(user), { teamId: team.id, input: booking("MSKU1234567") });
    expect(await countOf(company.id)).toBe(3);
  });

  it("refuses a duplicate line and number in the company unless the company allows duplicates", async () => {
    const { company, team, user } = await world();
    await createShipment(as(user), { teamId: team.id, input: booking("DUP001") });
    expect(await codeOf(createShipment(as(user), { teamId: team.id, input: booking(" dup 001") }))).toBe(
      "DUPLICATE_TRACKING_NUMBER",
    );
    // Another line, or another company, may track the same number.
    const other = await world();
    expect(
      await codeOf(createShipment(as(other.user), { teamId: other.team.id, input: booking("DUP001") })),
    ).toBe("ok");
    const onMsc = { ...booking("DUP001"), shippingLine: "MSC" as const };
    expect(await codeOf(createShipment(as(user), { teamId: team.id, input: onMsc }))).toBe("ok");

    await t.db
      .update(companies)
      .set({ allowTrackingNumDuplication: true })
      .where(eq(companies.id, company.id));
    expect(await codeOf(createShipment(as(user), { teamId: team.id, input: booking("DUP001") }))).toBe("ok");
    const rows = await t.db
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.companyId, company.id), eq(shipments.trackingNumber, "DUP001")));
    expect(rows).toHaveLength(3);
  });

  it("counts active shipments, not archived ones, against the contract's maxTrackings", async () => {
    const { f, company, team, user } = await world({ maxTrackings: 2 });
    await f.shipment(team, { archivedAt: clock.now() });
    await createShipment(as(user), { teamId: team.id, input: booking("LIM1") });
    await createShipment(as(user), { teamId: team.id, input: booking("LIM2") });
    expect(await codeOf(createShipment(as(user), { teamId: team.id, input: booking("LIM3") }))).toBe(
      "TRACKING_LIMIT_REACHED",
    );
    expect(await countOf(company.id)).toBe(3);
  });

  it("lets exactly the allowed number through when creates race at the limit", async () => {
    const { company, team, user } = await world({ maxTrackings: 3 });
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        codeOf(createShipment(as(user), { teamId: team.id, input: booking(`RACE${i}`) })),
      ),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "TRACKING_LIMIT_REACHED")).toHaveLength(5);
    expect(await countOf(company.id)).toBe(3);
  });

  it("refuses duplicates racing each other: one wins", async () => {
    const { company, team, user } = await world();
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        codeOf(createShipment(as(user), { teamId: team.id, input: booking("SAME1") })),
      ),
    );
    expect(outcomes.sort()).toEqual([
      "DUPLICATE_TRACKING_NUMBER",
      "DUPLICATE_TRACKING_NUMBER",
      "DUPLICATE_TRACKING_NUMBER",
      "DUPLICATE_TRACKING_NUMBER",
      "ok",
    ]);
    expect(await countOf(company.id)).toBe(1);
  });

  it("adds nothing for a churned company, an unapproved one, or once the trial is over", async () => {
    // Churned as the daily job leaves it: the trial contract over, the status stored as CHURN.
    const churned = await world();
    await t.db.update(companies).set({ contractStatus: "CHURN" }).where(eq(companies.id, churned.company.id));
    await t.db.execute(
      sql`update contracts set starts_at = ${new Date(clock.now().getTime() - 31 * DAY_MS).toISOString()}::timestamptz,
        ends_at = ${new Date(clock.now().getTime() - DAY_MS).toISOString()}::timestamptz where company_id = ${churned.company.id}`,
    );
    expect(
      await codeOf(createShipment(as(churned.user), { teamId: churned.team.id, input: booking("C1") })),
    ).toBe("TRIAL_ENDED");

    const pending = await world();
    await t.db
      .update(companies)
      .set({ approvalState: "PENDING" })
      .where(eq(companies.id, pending.company.id));
    expect(
      await codeOf(createShipment(as(pending.user), { teamId: pending.team.id, input: booking("P1") })),
    ).toBe("COMPANY_NOT_APPROVED");

    const ended = await world();
    const later = new TestClock(new Date(clock.now().getTime() + 31 * DAY_MS));
    expect(
      await codeOf(createShipment(as(ended.user, later), { teamId: ended.team.id, input: booking("E1") })),
    ).toBe("TRIAL_ENDED");
    for (const w of [churned, pending, ended]) expect(await countOf(w.company.id)).toBe(0);
  });

  it("adds only to an active team of the company that the member works in (Admins: any team)", async () => {
    const { f, company, team, user: operator } = await world();
    const otherTeam = await f.team(company.id);
    const archivedTeam = await f.team(company.id, { isArchived: true });
    await f.teamMember(archivedTeam, operator);
    const foreign = await world();
    const admin = await f.user({ companyId: company.id, role: "ADMIN" });

    const attempt = (who: typeof operator, teamId: string, n: string) =>
      codeOf(createShipment(as(who), { teamId, input: booking(n) }));
    expect(await attempt(operator, otherTeam.id, "T1")).toBe("TEAM_NOT_FOUND");
    expect(await attempt(operator, archivedTeam.id, "T2")).toBe("TEAM_ARCHIVED");
    expect(await attempt(operator, foreign.team.id, "T3")).toBe("TEAM_NOT_FOUND");
    expect(await attempt(operator, "HEADQUARTER", "T4")).toBe("TEAM_NOT_FOUND");
    expect(await attempt(admin, foreign.team.id, "T5")).toBe("TEAM_NOT_FOUND");
    expect(await attempt(admin, otherTeam.id, "T6")).toBe("ok");
    expect(await attempt(operator, team.id, "T7")).toBe("ok");
    expect(await countOf(foreign.company.id)).toBe(0);
  });

  it("takes custom fields only on PREMIUM and ENTERPRISE", async () => {
    const input = { ...booking("CF1"), customField1: "PO-1", customField3: "  " };
    const free = await world();
    expect(await codeOf(createShipment(as(free.user), { teamId: free.team.id, input }))).toBe(
      "CUSTOM_FIELDS_PREMIUM_ONLY",
    );
    const standard = await world({ plan: "STANDARD" });
    expect(await codeOf(createShipment(as(standard.user), { teamId: standard.team.id, input }))).toBe(
      "CUSTOM_FIELDS_PREMIUM_ONLY",
    );
    // Blank custom fields are no custom fields.
    expect(
      await codeOf(
        createShipment(as(free.user), {
          teamId: free.team.id,
          input: { ...booking("CF2"), customField2: "" },
        }),
      ),
    ).toBe("ok");
    const premium = await world({ plan: "PREMIUM" });
    const created = await createShipment(as(premium.user), { teamId: premium.team.id, input });
    const [row] = await t.db.select().from(shipments).where(eq(shipments.id, created.id));
    expect(row).toMatchObject({ customField1: "PO-1", customField2: null, customField3: null });
  });

  it.each([
    ["ADMIN", "ok"],
    ["MANAGER", "ok"],
    ["OPERATOR", "ok"],
    ["READONLY", "PERMISSION_DENIED"],
  ] as const)("as %s: %s", async (role, outcome) => {
    const { company, team, user } = await world({ role });
    expect(await codeOf(createShipment(as(user), { teamId: team.id, input: booking("ROLE1") }))).toBe(
      outcome,
    );
    expect(await countOf(company.id)).toBe(outcome === "ok" ? 1 : 0);
  });

  it("subscribes each team member by their setting for new shipments", async () => {
    const { f, company, team, user: creator } = await world();
    const member = async (setting: SubscriptionSetting) => {
      const u = await f.user({ companyId: company.id, subscriptionSettingForNewShipment: setting });
      await f.teamMember(team, u);
      return u;
    };
    await t.db.execute(
      sql`update users set subscription_setting_for_new_shipment = 'ONLYMINE' where id = ${creator.id}`,
    );
    const all = await member("ALL");
    const onlyMine = await member("ONLYMINE");
    await member("NONE");
    const elsewhere = await f.user({ companyId: company.id, subscriptionSettingForNewShipment: "ALL" });
    await f.teamMember(await f.team(company.id), elsewhere);

    const created = await createShipment(as(creator), { teamId: team.id, input: booking("SUB1") });
    const subscribed = await t.db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.shipmentId, created.id));
    expect(subscribed.map((s) => s.userId).sort()).toEqual([creator.id, all.id].sort());
    expect(subscribed.map((s) => s.userId)).not.toContain(onlyMine.id);
  });
});
