import type { ContainerInfo, Place } from "../carriers.types";
import { normalizeSizeType } from "../inference/container-codes";
import { placeFor } from "../ports";
import type { DcsaEquipmentEvent } from "./dcsa.schema";

// Containers from DCSA equipment events: one per equipment reference, with its size-type and the
// four milestones the spec names (empty release, gate-in, gate-out, empty return).

const instant = (time: string): number => Date.parse(time);

function eventPlace(e: DcsaEquipmentEvent): Place | null {
  const code = e.eventLocation?.UNLocationCode ?? e.transportCall?.UNLocationCode;
  return placeFor(code, e.eventLocation?.locationName);
}

export interface ContainerEvents {
  containers: ContainerInfo[];
  gateInPlace: Place | null;
  gateOutPlace: Place | null;
}

/**
 * Container milestones from actual equipment events, split around the voyage: the empty release
 * and laden gate-in come before the first load, the laden gate-out and empty return after the last
 * discharge.
 */
export function buildContainers(equipment: DcsaEquipmentEvent[]): ContainerEvents {
  const byNumber = new Map<string, DcsaEquipmentEvent[]>();
  for (const e of equipment) {
    const ref = e.equipmentReference?.trim().toUpperCase();
    if (ref) byNumber.set(ref, [...(byNumber.get(ref) ?? []), e]);
  }
  const edge: Record<"gateIn" | "gateOut", { at: number; place: Place | null } | null> = {
    gateIn: null,
    gateOut: null,
  };
  const containers = [...byNumber.entries()].map(([containerNumber, events]): ContainerInfo => {
    const actual = events
      .filter((e) => e.eventClassifierCode === "ACT")
      .sort((a, b) => instant(a.eventDateTime) - instant(b.eventDateTime));
    const at = (e: DcsaEquipmentEvent) => instant(e.eventDateTime);
    const loads = actual.filter((e) => e.equipmentEventTypeCode === "LOAD");
    const discs = actual.filter((e) => e.equipmentEventTypeCode === "DISC");
    const firstLoad = loads[0] ? at(loads[0]) : Number.POSITIVE_INFINITY;
    const lastDisc = discs.length ? at(discs[discs.length - 1] as DcsaEquipmentEvent) : null;
    const is = (e: DcsaEquipmentEvent, codes: string[], empty: "EMPTY" | "LADEN") =>
      codes.includes(e.equipmentEventTypeCode) && e.emptyIndicatorCode === empty;
    const released = actual.find((e) => is(e, ["GTOT", "PICK"], "EMPTY") && at(e) <= firstLoad);
    const gateIn = actual.find((e) => is(e, ["GTIN"], "LADEN") && at(e) <= firstLoad);
    const after = lastDisc === null ? [] : actual.filter((e) => at(e) >= lastDisc);
    const gateOut = after.filter((e) => is(e, ["GTOT", "PICK"], "LADEN")).pop();
    const returned = after.filter((e) => is(e, ["GTIN", "DROP"], "EMPTY")).pop();
    if (gateIn && (!edge.gateIn || at(gateIn) < edge.gateIn.at)) {
      edge.gateIn = { at: at(gateIn), place: eventPlace(gateIn) };
    }
    if (gateOut && (!edge.gateOut || at(gateOut) > edge.gateOut.at)) {
      edge.gateOut = { at: at(gateOut), place: eventPlace(gateOut) };
    }
    const withCode = [...events]
      .filter((e) => e.ISOEquipmentCode)
      .sort((a, b) => instant(b.eventCreatedDateTime) - instant(a.eventCreatedDateTime))[0];
    const sizeTypeOriginal = withCode?.ISOEquipmentCode?.toUpperCase() ?? null;
    return {
      containerNumber,
      sizeType: normalizeSizeType(sizeTypeOriginal),
      sizeTypeOriginal,
      grossWeightKilograms: null,
      emptyContainerReleasedToShipperTime: released?.eventDateTime ?? null,
      gateInTime: gateIn?.eventDateTime ?? null,
      gateOutTime: gateOut?.eventDateTime ?? null,
      emptyContainerReturnedFromCustomerTime: returned?.eventDateTime ?? null,
    };
  });
  return { containers, gateInPlace: edge.gateIn?.place ?? null, gateOutPlace: edge.gateOut?.place ?? null };
}

/** One size-type, or counts per size-type when the containers differ. */
export function sizeTypeSummary(containers: ContainerInfo[]): string | null {
  const counts = new Map<string, number>();
  for (const c of containers) if (c.sizeType) counts.set(c.sizeType, (counts.get(c.sizeType) ?? 0) + 1);
  if (counts.size === 0) return null;
  if (counts.size === 1 && containers.length === 1) return [...counts.keys()][0] ?? null;
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([type, n]) => `${n}x${type}`)
    .join(", ");
}
