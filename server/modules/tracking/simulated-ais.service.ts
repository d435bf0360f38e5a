import { requireSystem } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { currentLegs } from "../ais/ais.queries";
import { AisIngest, type FlushResult } from "../ais/ingest/ais.ingest";
import { ClockedPositionSource, type SimulatedVesselPosition } from "../ais/ingest/simulated-source";
import { normalizeImo, normalizeVesselName } from "../ais/vessel-identity";
import { simulatedVesselPositions } from "../carriers/simulator";
import { portCoordinates } from "./tracking.internal";

// Vessel positions for shipments on simulated lines: the simulator's ships, where its timetable
// says they are at the clock's time, go through the AIS ingest as if a receiver had heard them, so
// the demo and the tests exercise the same path as a real NMEA feed (stored positions, vessel
// matching by IMO or name, updateAis onto the shipments, predicted arrival). Only ships carrying an
// active shipment's cargo are fed; the rest of the fleet would only fill the positions table.

export async function feedSimulatedPositions(ctx: ServiceContext): Promise<FlushResult | null> {
  requireSystem(ctx);
  const legs = await currentLegs(ctx.db, {});
  const imos = new Set(legs.flatMap((l) => normalizeImo(l.imo) ?? []));
  const names = new Set(legs.flatMap((l) => normalizeVesselName(l.vesselName) ?? []));
  if (imos.size === 0 && names.size === 0) return null;

  const positionsAt = (at: Date): SimulatedVesselPosition[] =>
    simulatedVesselPositions(at)
      .filter((v) => imos.has(v.imo) || names.has(normalizeVesselName(v.name) ?? ""))
      .map((v) => ({
        mmsi: Number(v.mmsi),
        imo: Number(v.imo),
        shipName: v.name,
        lat: v.lat,
        lon: v.lon,
        sog: v.sog,
        cog: v.cog,
      }));

  const ingest = new AisIngest(ctx, { portCoordinates, matchIntervalMs: 0 });
  const source = new ClockedPositionSource({
    clock: ctx.clock,
    intervalMs: 0,
    positionsAt,
    pollMs: 3_600_000,
  });
  await source.start(ingest.accept);
  await source.stop();
  return ingest.flush();
}
