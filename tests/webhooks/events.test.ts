import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { webhookDeliveries, webhookEndpoints } from "../../server/db/schema";
import { eventSubscriptions } from "../../server/jobs/registry";
import { snapshot } from "../../server/modules/tracking/tracking.testkit";
import { fanOutShipmentEvent } from "../../server/modules/webhooks/webhooks.events.service";
import {
  webhookShipmentEventJob,
  webhooksOnShipmentChanged,
} from "../../server/modules/webhooks/webhooks.jobs";
import { setupDatabase } from "../setup/db";
import { webhookKit } from "./kit";

// A refresh's change records become one shipment.updated event per refresh, for every enabled
// endpoint whose owner may see the shipment, with a stable event id; running it twice adds nothing.

const t = setupDatabase();
const clock = new TestClock("2026-01-20T00:00:00Z");
const kit = () => webhookKit(t.db, clock);

/** A tracked shipment (first refresh done), then a refresh that moves ETD and ETA: its history id. */
async function changedShipment(
  k: ReturnType<typeof kit>,
  team: Parameters<ReturnType<typeof kit>["f"]["shipment"]>[0],
) {
  const shipment = await k.f.shipment(team, { title: "Spring collection" });
  expect(await k.refresh(shipment, snapshot())).toEqual([]);
  clock.advance(6 * 3_600_000);
  const histories = await k.refresh(
    shipment,
    snapshot({ departure: "2026-02-02T10:00:00+09:00", arrival: "2026-02-17T08:00:00-08:00" }),
  );
  expect(histories).toHaveLength(1);
  return { shipment, historyId: histories[0] ?? "" };
}

describe("a refresh with changes", () => {
  it("reaches webhooks through the shipment-changed event, with the e-mails, once per refresh", async () => {
    const k = kit();
    const { team } = await k.company();
    const { historyId } = await changedShipment(k, team);
    expect(historyId).toMatch(/^[0-9a-f-]{36}$/);
    // A refresh that changes nothing enqueues nothing.
    const shipment = await k.f.shipment(team);
    await k.refresh(shipment, snapshot());
    expect(await k.refresh(shipment, snapshot())).toEqual([]);
    expect(webhookShipmentEventJob.name).toBe("webhooks.shipment-event");
    expect(eventSubscriptions).toContain(webhooksOnShipmentChanged);
  });

  it("becomes one shipment.updated event with the shipment and its changes", async () => {
    const k = kit();
    const { team, admin } = await k.company();
    const endpoint = await k.endpoint(admin, "https://a.customer.example/hooks");
    const { shipment, historyId } = await changedShipment(k, team);

    expect(await fanOutShipmentEvent(k.system(), historyId, k.schedule)).toBe(1);
    const [delivery] = await k.deliveriesOf(endpoint.id);
    if (!delivery) throw new Error("no delivery");
    expect(delivery).toMatchObject({ event: "shipment.updated", status: "PENDING", attempts: 0 });
    expect(delivery.eventId).toMatch(/^msg_/);
    expect(k.scheduled).toContainEqual({ deliveryId: delivery.id, delayMs: 0 });

    const payload = delivery.payload as {
      type: string;
      timestamp: string;
      data: { shipment: Record<string, unknown>; changes: { kind: string; old: unknown; new: unknown }[] };
    };
    expect(payload.type).toBe("shipment.updated");
    expect(payload.timestamp).toBe(clock.now().toISOString());
    expect(payload.data.shipment).toMatchObject({
      id: shipment.id,
      trackingNumber: shipment.trackingNumber,
      trackingType: "BOOKING_NUMBER",
      shippingLine: "MAERSK",
      title: "Spring collection",
      team: { id: team.id, name: team.name },
      archived: false,
      portOfLoading: { locode: "JPYOK", name: "Yokohama" },
      portOfDischarge: { locode: "USLAX", name: "Los Angeles" },
      etd: { time: "2026-02-02T01:00:00.000Z", status: "ESTIMATED" },
      eta: { time: "2026-02-17T16:00:00.000Z", status: "ESTIMATED" },
    });
    expect(payload.data.shipment.vessels).toEqual([
      expect.objectContaining({ name: "ONE APUS", imo: "9806079", voyage: "012E" }),
    ]);
    // Only the listed fields: nothing of the row (share token, raw carrier payload) rides along.
    expect(JSON.stringify(payload)).not.toContain(String(shipment.shareToken));
    expect(Object.keys(payload.data.shipment).sort()).toEqual(
      [
        "id",
        "trackingNumber",
        "trackingType",
        "shippingLine",
        "title",
        "team",
        "archived",
        "placeOfReceipt",
        "portOfLoading",
        "portOfDischarge",
        "placeOfDelivery",
        "etd",
        "eta",
        "placeOfDeliveryEta",
        "delayDays",
        "etdDelayDays",
        "vessels",
      ].sort(),
    );
    // Every change record of the refresh, in this one event.
    const kinds = payload.data.changes.map((c) => c.kind);
    expect(kinds).toEqual(expect.arrayContaining(["ETD", "ETA"]));
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(payload.data.changes).toContainEqual({
      kind: "ETD",
      old: { time: "2026-02-01T01:00:00.000Z", status: "ESTIMATED" },
      new: { time: "2026-02-02T01:00:00.000Z", status: "ESTIMATED" },
    });
    expect(payload.data.changes).toContainEqual(expect.objectContaining({ kind: "ETA" }));
  });

  it("creates no second delivery and no second event id when the job runs again", async () => {
    const k = kit();
    const { team, admin } = await k.company();
    const second = await k.member(team, "ADMIN");
    const one = await k.endpoint(admin, "https://a.customer.example/hooks");
    const two = await k.endpoint(second, "https://b.customer.example/hooks");
    const { historyId } = await changedShipment(k, team);

    expect(await fanOutShipmentEvent(k.system(), historyId, k.schedule)).toBe(2);
    expect(await fanOutShipmentEvent(k.system(), historyId, k.schedule)).toBe(0);
    const rows = [...(await k.deliveriesOf(one.id)), ...(await k.deliveriesOf(two.id))];
    expect(rows).toHaveLength(2);
    // One event, the same id at every endpoint.
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(1);
    expect(k.scheduled).toHaveLength(2);
  });

  it("goes only to endpoints whose owner may see the shipment, and only while enabled", async () => {
    const k = kit();
    const { company, team, admin } = await k.company();
    const otherTeam = await k.f.team(company.id);
    const inTeam = await k.member(team, "OPERATOR");
    const elsewhere = await k.member(otherTeam, "OPERATOR");
    // A Manager sees other teams only through the headquarters view, which this company has not enabled.
    const manager = await k.member(otherTeam, "MANAGER");
    const disabledAdmin = await k.member(otherTeam, "ADMIN");
    const endpoints = {
      admin: await k.endpoint(admin, "https://admin.customer.example/"),
      inTeam: await k.endpoint(inTeam, "https://in-team.customer.example/"),
      elsewhere: await k.endpoint(elsewhere, "https://elsewhere.customer.example/"),
      manager: await k.endpoint(manager, "https://manager.customer.example/"),
      disabled: await k.endpoint(disabledAdmin, "https://disabled.customer.example/"),
    };
    await t.db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledAt: clock.now(), disabledReason: "GONE" })
      .where(eq(webhookEndpoints.id, endpoints.disabled.id));
    const { historyId } = await changedShipment(k, team);

    expect(await fanOutShipmentEvent(k.system(), historyId, k.schedule)).toBe(2);
    const receivers = await t.db
      .select({ endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.companyId, company.id));
    expect(receivers.map((r) => r.endpointId).sort()).toEqual(
      [endpoints.admin.id, endpoints.inTeam.id].sort(),
    );
  });

  it("sends nothing for a company without the API (not approved, or on the FREE plan)", async () => {
    for (const options of [{ apiEnabled: false }, { plan: "FREE" as const }]) {
      const k = kit();
      const { company, team, admin } = await k.company(options);
      await k.endpoint(admin, "https://a.customer.example/hooks");
      const { historyId } = await changedShipment(k, team);
      expect(await fanOutShipmentEvent(k.system(), historyId, k.schedule)).toBe(0);
      const rows = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.companyId, company.id));
      expect(rows).toEqual([]);
    }
  });

  it("is the worker's: a request context cannot run it", async () => {
    const k = kit();
    const { team, admin } = await k.company();
    const { historyId } = await changedShipment(k, team);
    await expect(fanOutShipmentEvent(k.as(admin), historyId, k.schedule)).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
  });
});
