import type { ContainerInfo, Place } from "../carriers.types";
import { normalizeSizeType } from "../inference/container-codes";
import { placeFor } from "../ports";
import { instant } from "./dcsa.instants";
import type { DcsaEquipmentEvent } from "./dcsa.schema";

// Containers from DCSA equipment events: one per equipment reference, with its size-type and the
// four milestones the spec names (empty release, gate-in, gate-out, empty return).

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
    if (!ref) continue;
    const list = byNumber.get(ref);
    if (list) list.push(e);
    else byNumber.set(ref, [e]);
  }
  const edge: Record<"gateIn" | "gateOut", { at: number; place: Place | null } | null> = {
    gateIn: null,
    gateOut: null,
  };
  const containers: ContainerInfo[] = [];
  for (const [containerNumber, events] of byNumber) {
    // Each event's instant is read once; the order is the one sorting the events by it gives.
    const actual: Timed[] = [];
    for (const e of events)
      if (e.eventClassifierCode === "ACT") actual.push({ e, at: instant(e.eventDateTime) });
    actual.sort((a, b) => a.at - b.at);
    let firstLoad = Number.POSITIVE_INFINITY;
    let lastDisc: number | null = null;
    for (const t of actual) {
      const code = t.e.equipmentEventTypeCode;
      if (code === "LOAD" && firstLoad === Number.POSITIVE_INFINITY) firstLoad = t.at;
      else if (code === "DISC") lastDisc = t.at;
    }
    let released: Timed | undefined;
    let gateIn: Timed | undefined;
    let gateOut: Timed | undefined;
    let returned: Timed | undefined;
    for (const t of actual) {
      const code = t.e.equipmentEventTypeCode;
      const empty = t.e.emptyIndicatorCode === "EMPTY";
      const laden = t.e.emptyIndicatorCode === "LADEN";
      if (t.at <= firstLoad) {
        if (!released && empty && (code === "GTOT" || code === "PICK")) released = t;
        if (!gateIn && laden && code === "GTIN") gateIn = t;
      }
      if (lastDisc !== null && t.at >= lastDisc) {
        if (laden && (code === "GTOT" || code === "PICK")) gateOut = t;
        if (empty && (code === "GTIN" || code === "DROP")) returned = t;
      }
    }
    if (gateIn && (!edge.gateIn || gateIn.at < edge.gateIn.at)) {
      edge.gateIn = { at: gateIn.at, place: eventPlace(gateIn.e) };
    }
    if (gateOut && (!edge.gateOut || gateOut.at > edge.gateOut.at)) {
      edge.gateOut = { at: gateOut.at, place: eventPlace(gateOut.e) };
    }
    const coded: Timed[] = [];
    for (const e of events) if (e.ISOEquipmentCode) coded.push({ e, at: instant(e.eventCreatedDateTime) });
    const withCode = coded.sort((a, b) => b.at - a.at)[0]?.e;
    const sizeTypeOriginal = withCode?.ISOEquipmentCode?.toUpperCase() ?? null;
    containers.push({
      containerNumber,
      sizeType: normalizeSizeType(sizeTypeOriginal),
      sizeTypeOriginal,
      grossWeightKilograms: null,
      emptyContainerReleasedToShipperTime: released?.e.eventDateTime ?? null,
      gateInTime: gateIn?.e.eventDateTime ?? null,
      gateOutTime: gateOut?.e.eventDateTime ?? null,
      emptyContainerReturnedFromCustomerTime: returned?.e.eventDateTime ?? null,
    });
  }
  return { containers, gateInPlace: edge.gateIn?.place ?? null, gateOutPlace: edge.gateOut?.place ?? null };
}

interface Timed {
  e: DcsaEquipmentEvent;
  at: number;
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
