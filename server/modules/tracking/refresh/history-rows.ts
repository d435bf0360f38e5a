import { randomUUID } from "node:crypto";
import type { TimeStatus } from "../../../../shared/enums";
import type { NewHistoryContainer, NewHistoryVessel, NewShipmentHistory } from "../../../db/schema";
import type { IsoTime, Place, TrackingSnapshot } from "../../carriers/carriers.types";
import { packRawAnswer } from "./raw-answer";

// A carrier snapshot as the rows it is stored in, and the part of a history the change detection
// compares: built from a fresh snapshot or read back from the latest stored history, so both sides
// of a comparison have one shape.

export interface LegState {
  vesselName: string | null;
  imo: string | null;
  voyage: string | null;
  loadingPortLocode: string | null;
  loadingPortName: string | null;
  dischargingPortLocode: string | null;
  dischargingPortName: string | null;
  departureTime: Date | null;
  departureTimeStatus: TimeStatus | null;
  arrivalTime: Date | null;
  arrivalTimeStatus: TimeStatus | null;
}

export interface HistoryState {
  dischargingPortLocode: string | null;
  dischargingPortName: string | null;
  placeOfDeliveryLocode: string | null;
  placeOfDeliveryName: string | null;
  departureTime: Date | null;
  departureTimeStatus: TimeStatus | null;
  arrivalTime: Date | null;
  arrivalTimeStatus: TimeStatus | null;
  placeOfDeliveryEta: Date | null;
  placeOfDeliveryEtaStatus: TimeStatus | null;
  vessels: LegState[];
  delivered: boolean;
}

export interface HistoryRows {
  history: NewShipmentHistory & { id: string };
  vessels: NewHistoryVessel[];
  containers: NewHistoryContainer[];
  state: HistoryState;
}

const date = (t: IsoTime | null): Date | null => (t === null ? null : new Date(t));
const locode = (p: Place | null) => p?.locode ?? null;
const name = (p: Place | null) => p?.name ?? null;

/** The same rule as the DCSA mapper's: every container out of the terminal, or the cargo arrived. */
export function isDelivered(
  containerGateOuts: (Date | string | null)[],
  podEtaStatus: TimeStatus | null,
): boolean {
  return containerGateOuts.length > 0
    ? containerGateOuts.every((t) => t !== null)
    : podEtaStatus === "ACTUAL";
}

export function historyRows(
  snapshot: TrackingSnapshot,
  owner: { shipmentId: string; companyId: string },
  snapshotHash: string,
  /** The carrier's answer as the JSON text it sent (TrackingResult.raw). */
  rawAnswer: string | null | undefined,
): HistoryRows {
  const id = randomUUID();
  const vessels = snapshot.vessels.map((leg, sequence) => ({
    historyId: id,
    sequence,
    vesselName: leg.vesselName,
    imo: leg.imo,
    mmsi: leg.mmsi,
    voyage: leg.voyage,
    loadingPortLocode: locode(leg.loadingPort),
    loadingPortName: name(leg.loadingPort),
    dischargingPortLocode: locode(leg.dischargingPort),
    dischargingPortName: name(leg.dischargingPort),
    departureTime: date(leg.departureTime),
    departureTimeStatus: leg.departureTimeStatus,
    arrivalTime: date(leg.arrivalTime),
    arrivalTimeStatus: leg.arrivalTimeStatus,
  }));
  const containers = snapshot.containers.map((c) => ({
    historyId: id,
    containerNumber: c.containerNumber,
    grossWeightKilograms: c.grossWeightKilograms,
    sizeType: c.sizeType,
    sizeTypeOriginal: c.sizeTypeOriginal,
    emptyContainerReleasedToShipperTime: date(c.emptyContainerReleasedToShipperTime),
    gateInTime: date(c.gateInTime),
    gateOutTime: date(c.gateOutTime),
    emptyContainerReturnedFromCustomerTime: date(c.emptyContainerReturnedFromCustomerTime),
  }));
  const history = {
    id,
    shipmentId: owner.shipmentId,
    companyId: owner.companyId,
    status: "success" as const,
    placeOfReceiptLocode: locode(snapshot.placeOfReceipt),
    placeOfReceiptName: name(snapshot.placeOfReceipt),
    loadingPortLocode: locode(snapshot.loadingPort),
    loadingPortName: name(snapshot.loadingPort),
    dischargingPortLocode: locode(snapshot.dischargingPort),
    dischargingPortName: name(snapshot.dischargingPort),
    placeOfDeliveryLocode: locode(snapshot.placeOfDelivery),
    placeOfDeliveryName: name(snapshot.placeOfDelivery),
    departureTime: date(snapshot.departureTime),
    departureTimeStatus: snapshot.departureTimeStatus,
    arrivalTime: date(snapshot.arrivalTime),
    arrivalTimeStatus: snapshot.arrivalTimeStatus,
    placeOfDeliveryEta: date(snapshot.placeOfDeliveryEta),
    placeOfDeliveryEtaStatus: snapshot.placeOfDeliveryEtaStatus,
    vesselVoyage: snapshot.vesselVoyage,
    containerSizeType: snapshot.containerSizeType,
    containerGrossWeightSum: snapshot.containerGrossWeightSum,
    snapshotHash,
    rawPayloadBrotli: typeof rawAnswer === "string" ? packRawAnswer(rawAnswer) : null,
  };
  const delivered =
    snapshot.delivered ??
    isDelivered(
      snapshot.containers.map((c) => c.gateOutTime),
      snapshot.placeOfDeliveryEtaStatus,
    );
  return {
    history,
    vessels,
    containers,
    state: {
      dischargingPortLocode: history.dischargingPortLocode,
      dischargingPortName: history.dischargingPortName,
      placeOfDeliveryLocode: history.placeOfDeliveryLocode,
      placeOfDeliveryName: history.placeOfDeliveryName,
      departureTime: history.departureTime,
      departureTimeStatus: history.departureTimeStatus,
      arrivalTime: history.arrivalTime,
      arrivalTimeStatus: history.arrivalTimeStatus,
      placeOfDeliveryEta: history.placeOfDeliveryEta,
      placeOfDeliveryEtaStatus: history.placeOfDeliveryEtaStatus,
      vessels: vessels.map(({ historyId: _h, sequence: _s, mmsi: _m, ...leg }) => leg),
      delivered,
    },
  };
}
