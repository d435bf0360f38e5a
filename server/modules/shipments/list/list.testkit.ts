import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { TimeStatus } from "../../../../shared/enums";
import type { ShipmentsV2Input } from "../../../../shared/schemas/list";
import type { factories } from "../../../../tests/factories";
import type { Db } from "../../../db/client";
import {
  historyContainers,
  historyVessels,
  type Shipment,
  shipmentHistories,
  shipments,
} from "../../../db/schema";

// Test helpers of the list: shipments with a latest history the way the tracking engine writes it
// (history, legs and containers first, then latest_history_id), so the list columns come from the
// trigger under test rather than from the test.

export interface TestHistory {
  loadingPort?: [locode: string | null, name: string | null];
  dischargingPort?: [locode: string | null, name: string | null];
  placeOfReceipt?: [locode: string | null, name: string | null];
  placeOfDelivery?: [locode: string | null, name: string | null];
  departureTime?: string | null;
  departureTimeStatus?: TimeStatus | null;
  arrivalTime?: string | null;
  arrivalTimeStatus?: TimeStatus | null;
  placeOfDeliveryEta?: string | null;
  vessels?: string[];
  vesselVoyage?: string | null;
  containers?: string[];
}

export async function giveHistory(db: Db, shipment: Shipment, h: TestHistory): Promise<Shipment> {
  const at = (v: string | null | undefined) => (v ? new Date(v) : null);
  const [history] = await db
    .insert(shipmentHistories)
    .values({
      shipmentId: shipment.id,
      companyId: shipment.companyId,
      status: "success",
      loadingPortLocode: h.loadingPort?.[0] ?? null,
      loadingPortName: h.loadingPort?.[1] ?? null,
      dischargingPortLocode: h.dischargingPort?.[0] ?? null,
      dischargingPortName: h.dischargingPort?.[1] ?? null,
      placeOfReceiptLocode: h.placeOfReceipt?.[0] ?? null,
      placeOfReceiptName: h.placeOfReceipt?.[1] ?? null,
      placeOfDeliveryLocode: h.placeOfDelivery?.[0] ?? null,
      placeOfDeliveryName: h.placeOfDelivery?.[1] ?? null,
      departureTime: at(h.departureTime),
      departureTimeStatus: h.departureTime ? (h.departureTimeStatus ?? "ESTIMATED") : null,
      arrivalTime: at(h.arrivalTime),
      arrivalTimeStatus: h.arrivalTime ? (h.arrivalTimeStatus ?? "ESTIMATED") : null,
      placeOfDeliveryEta: at(h.placeOfDeliveryEta),
      placeOfDeliveryEtaStatus: h.placeOfDeliveryEta ? "ESTIMATED" : null,
      vesselVoyage: h.vesselVoyage ?? null,
    })
    .returning();
  if (!history) throw new Error("no history");
  if (h.vessels?.length) {
    await db
      .insert(historyVessels)
      .values(h.vessels.map((vesselName, i) => ({ historyId: history.id, sequence: i, vesselName })));
  }
  if (h.containers?.length) {
    await db
      .insert(historyContainers)
      .values(h.containers.map((containerNumber) => ({ historyId: history.id, containerNumber })));
  }
  const [row] = await db
    .update(shipments)
    .set({ latestHistoryId: history.id })
    .where(eq(shipments.id, shipment.id))
    .returning();
  if (!row) throw new Error("no shipment");
  return row;
}

/** A list input with the defaults filled in, for brevity in tests. */
export function listInput(
  teamId: string | null,
  rest: Partial<z.input<typeof ShipmentsV2Input>> = {},
): z.input<typeof ShipmentsV2Input> {
  return { teamId, tab: "ALL", searchInputs: [], ...rest };
}

/**
 * A PREMIUM company with the headquarters view on: teams Tokyo desk (Operator and Manager) and
 * Osaka desk, an Admin, and another company on PREMIUM whose rows must never show.
 */
export async function listWorld(f: ReturnType<typeof factories>) {
  const company = await f.company({ isHeadquarterEnabled: true });
  await f.contract(company.id, { plan: "PREMIUM", maxTrackings: 1000 });
  const teamA = await f.team(company.id, { name: "Tokyo desk" });
  const teamB = await f.team(company.id, { name: "Osaka desk" });
  const admin = await f.user({ companyId: company.id, role: "ADMIN" });
  const manager = await f.user({ companyId: company.id, role: "MANAGER" });
  const operator = await f.user({ companyId: company.id, role: "OPERATOR", nickname: "Hanako" });
  await f.teamMember(teamA, operator);
  await f.teamMember(teamA, manager);
  const foreign = await f.companyWith("ADMIN");
  await f.contract(foreign.company.id, { plan: "PREMIUM" });
  return { company, teamA, teamB, admin, manager, operator, foreign };
}
