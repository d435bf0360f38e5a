import type { HistoryVessel, Place, ShipmentDetail, ShipmentHistoryEntry } from "./types";

// Hand-written answers of shipments.get for the detail page's unit tests.

export const place = (
  locode: string,
  name: string,
  latitude: number,
  longitude: number,
  timeZone: string,
): Place => ({
  locode,
  name,
  latitude,
  longitude,
  timeZone,
});

export const YOKOHAMA = place("JPYOK", "Yokohama", 35.44, 139.64, "Asia/Tokyo");
export const BUSAN = place("KRPUS", "Busan", 35.1, 129.04, "Asia/Seoul");
export const LOS_ANGELES = place("USLAX", "Los Angeles", 33.74, -118.27, "America/Los_Angeles");
export const CHICAGO = place("USCHI", "Chicago", 41.88, -87.63, "America/Chicago");

export function leg(
  sequence: number,
  from: Place,
  to: Place,
  overrides: Partial<HistoryVessel> = {},
): HistoryVessel {
  return {
    id: `leg-${sequence}`,
    sequence,
    vesselName: `VESSEL ${sequence}`,
    imo: null,
    mmsi: null,
    voyage: `00${sequence}E`,
    loadingPort: from,
    dischargingPort: to,
    departureTime: "2026-02-01T01:00:00.000Z",
    departureTimeStatus: "ACTUAL",
    arrivalTime: "2026-02-15T16:00:00.000Z",
    arrivalTimeStatus: "ESTIMATED",
    ...overrides,
  };
}

export function historyEntry(overrides: Partial<ShipmentHistoryEntry> = {}): ShipmentHistoryEntry {
  return {
    id: "h1",
    status: "success",
    failedReason: null,
    createdAt: "2026-01-20T00:00:00.000Z",
    placeOfReceipt: YOKOHAMA,
    loadingPort: YOKOHAMA,
    dischargingPort: LOS_ANGELES,
    placeOfDelivery: LOS_ANGELES,
    departureTime: "2026-02-01T01:00:00.000Z",
    departureTimeStatus: "ACTUAL",
    arrivalTime: "2026-02-15T16:00:00.000Z",
    arrivalTimeStatus: "ESTIMATED",
    placeOfDeliveryEta: "2026-02-15T16:00:00.000Z",
    placeOfDeliveryEtaStatus: "ESTIMATED",
    vesselVoyage: "VESSEL 1 001E",
    containerSizeType: "40HC",
    containerGrossWeightSum: null,
    vessels: [leg(1, YOKOHAMA, LOS_ANGELES)],
    containers: [],
    ...overrides,
  };
}

export function shipmentDetail(overrides: Partial<ShipmentDetail> = {}): ShipmentDetail {
  return {
    id: "0b8f1c52-6d0e-4a8e-9d57-0d6f3c0e8a11",
    title: "Spring order",
    remark: null,
    trackingNumber: "BK1234567",
    trackingType: "BOOKING_NUMBER",
    shippingLine: "MAERSK",
    isArchived: false,
    isFailing: false,
    failedReason: null,
    lastFailedReason: null,
    queueStatus: "SLEEPING",
    lastScrapedAt: "2026-01-20T00:00:00.000Z",
    aisUpdatedAt: null,
    latitude: null,
    longitude: null,
    predictedArrivalAt: null,
    createdAt: "2026-01-19T00:00:00.000Z",
    shareToken: null,
    customField1: "PO-1",
    customField2: null,
    customField3: null,
    requestedEtd: "2026-02-01",
    requestedEta: null,
    initialEtd: null,
    initialEta: null,
    delayDays: null,
    etdDelayDays: null,
    requestedEtaDelayDays: null,
    requestedEtdDelayDays: null,
    owner: null,
    team: {
      id: "team-1",
      name: "Ocean Desk",
      customField1Name: "PO number",
      customField2Name: null,
      customField3Name: null,
      customField1Enabled: true,
      customField2Enabled: false,
      customField3Enabled: false,
    },
    teamPublicSettings: {
      enableRequestedEtd: true,
      enableRequestedEta: false,
      enableInitialEtd: false,
      enableInitialEta: false,
    },
    hasUnreadCommentForViewer: false,
    isFavoriteForViewer: false,
    isNotificationEnabledForViewer: false,
    latestHistory: historyEntry(),
    viewerCan: {
      edit: true,
      archive: true,
      delete: true,
      comment: true,
      refresh: true,
      subscribe: true,
      moveTeam: false,
      editCustomFields: true,
    },
    company: { isConnectEnabled: false },
    ...overrides,
  };
}
