import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { historyVessels, type Shipment, shipmentHistories, shipments } from "../../db/schema";
import { nmeaChecksum } from "./decode/nmea";

export interface TestLeg {
  vesselName?: string | null;
  imo?: string | null;
  mmsi?: string | null;
  dischargingPortLocode?: string | null;
  departureTimeStatus?: "ACTUAL" | "ESTIMATED" | "UNKNOWN";
  arrivalTimeStatus?: "ACTUAL" | "ESTIMATED" | "UNKNOWN" | null;
  arrivalTime?: Date | null;
}

/** A success history with these legs (in order), made the shipment's latest. */
export async function giveVoyage(db: Db, shipment: Shipment, legs: TestLeg[]): Promise<string> {
  const [history] = await db
    .insert(shipmentHistories)
    .values({ shipmentId: shipment.id, companyId: shipment.companyId, status: "success" })
    .returning();
  if (!history) throw new Error("no history");
  await db.insert(historyVessels).values(
    legs.map((leg, i) => ({
      historyId: history.id,
      sequence: i + 1,
      vesselName: leg.vesselName ?? null,
      imo: leg.imo ?? null,
      mmsi: leg.mmsi ?? null,
      dischargingPortLocode: leg.dischargingPortLocode ?? null,
      departureTimeStatus: leg.departureTimeStatus ?? "ACTUAL",
      arrivalTimeStatus: leg.arrivalTimeStatus === undefined ? "ESTIMATED" : leg.arrivalTimeStatus,
      arrivalTime: leg.arrivalTime ?? null,
    })),
  );
  await db.update(shipments).set({ latestHistoryId: history.id }).where(eq(shipments.id, shipment.id));
  return history.id;
}

/** Armors bit fields [value, width] into an AIVDM sentence, to make sentences for any vessel. */
export function aivdmSentence(fields: [number, number][], channel = "A"): string {
  let bits = "";
  for (const [value, width] of fields) {
    const unsigned = value < 0 ? 2 ** width + value : value;
    bits += unsigned.toString(2).padStart(width, "0").slice(-width);
  }
  const fill = (6 - (bits.length % 6)) % 6;
  bits += "0".repeat(fill);
  let payload = "";
  for (let i = 0; i < bits.length; i += 6) {
    const v = Number.parseInt(bits.slice(i, i + 6), 2);
    payload += String.fromCharCode(v < 40 ? v + 48 : v + 56);
  }
  const body = `AIVDM,1,1,,${channel},${payload},${fill}`;
  return `!${body}*${nmeaChecksum(body).toString(16).toUpperCase().padStart(2, "0")}`;
}

/** A type 1 position report sentence. */
export function positionSentence(p: {
  mmsi: number;
  lat: number;
  lon: number;
  sog: number;
  cog: number;
  second: number;
}) {
  return aivdmSentence([
    [1, 6],
    [0, 2],
    [p.mmsi, 30],
    [0, 4],
    [-128, 8],
    [Math.round(p.sog * 10), 10],
    [1, 1],
    [Math.round(p.lon * 600_000), 28],
    [Math.round(p.lat * 600_000), 27],
    [Math.round(p.cog * 10), 12],
    [511, 9],
    [p.second, 6],
    [0, 2],
    [0, 3],
    [0, 1],
    [0, 19],
  ]);
}
