import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import type { CarrierEndpoint } from "../carrier-config";
import type { TrackingResult } from "../carriers.types";

// Builders for DCSA T&T 2.2 payloads written from the spec, and a real HTTP peer on loopback that
// serves them, for the adapter and mapper tests.

type Json = Record<string, unknown>;

/** The DCSA T&T 2.2 published example answer (carriers/data/dcsa/SOURCE.md), as the carrier sends it. */
export const DCSA_EXAMPLE_TEXT = readFileSync(
  new URL("../data/dcsa/tnt-220-response.json", import.meta.url),
  "utf8",
);
/** The same, parsed: its events. */
export const DCSA_EXAMPLE = JSON.parse(DCSA_EXAMPLE_TEXT) as unknown[];

let seq = 0;
const id = () => {
  seq += 1;
  return `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`;
};

export const vessel = (imo: string, name: string): Json => ({
  vesselIMONumber: imo,
  vesselName: name,
  vesselFlag: "DK",
  vesselOperatorCarrierCode: "MAEU",
  vesselOperatorCarrierCodeListProvider: "NMFTA",
});

export function vesselCall(
  callId: string,
  locode: string,
  v: Json,
  voyage: { exp?: string; imp?: string } = {},
): Json {
  return {
    transportCallID: callId,
    carrierServiceCode: "AE1",
    ...(voyage.exp ? { exportVoyageNumber: voyage.exp } : {}),
    ...(voyage.imp ? { importVoyageNumber: voyage.imp } : {}),
    UNLocationCode: locode,
    facilityTypeCode: "POTE",
    modeOfTransport: "VESSEL",
    vessel: v,
  };
}

export function carriageCall(callId: string, locode: string, mode: "RAIL" | "TRUCK" | "BARGE"): Json {
  return { transportCallID: callId, UNLocationCode: locode, modeOfTransport: mode };
}

export function transport(
  kind: "ARRI" | "DEPA",
  classifier: "PLN" | "EST" | "ACT",
  time: string,
  call: Json,
  created = "2026-01-05T00:00:00Z",
): Json {
  return {
    eventID: id(),
    eventCreatedDateTime: created,
    eventType: "TRANSPORT",
    eventClassifierCode: classifier,
    eventDateTime: time,
    transportEventTypeCode: kind,
    transportCall: call,
  };
}

export function equipment(
  code: string,
  empty: "EMPTY" | "LADEN",
  time: string,
  container: string,
  locode: string,
  extra: Json = {},
): Json {
  return {
    eventID: id(),
    eventCreatedDateTime: time,
    eventType: "EQUIPMENT",
    eventClassifierCode: "ACT",
    eventDateTime: time,
    equipmentEventTypeCode: code,
    equipmentReference: container,
    ISOEquipmentCode: "45G1",
    emptyIndicatorCode: empty,
    eventLocation: { UNLocationCode: locode },
    ...extra,
  };
}

export function shipment(code: string, documentTypeCode: string, documentID: string, time: string): Json {
  return {
    eventID: id(),
    eventCreatedDateTime: time,
    eventType: "SHIPMENT",
    eventClassifierCode: "ACT",
    eventDateTime: time,
    shipmentEventTypeCode: code,
    documentTypeCode,
    documentID,
  };
}

export interface Peer {
  url: string;
  requests: IncomingMessage[];
  close(): Promise<void>;
}

/** A DCSA carrier on 127.0.0.1 (free port) answering every request with `handler`. */
export async function carrierPeer(
  handler: (req: IncomingMessage, res: ServerResponse, url: URL) => void,
): Promise<Peer> {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    handler(req, res, new URL(req.url ?? "/", "http://127.0.0.1"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

/** A test file's carrier peer on loopback, closed after each test. */
export function setupCarrierPeer() {
  let current: Peer | null = null;
  afterEach(async () => {
    await current?.close();
    current = null;
  });
  return {
    async start(handler: Parameters<typeof carrierPeer>[0]): Promise<Peer> {
      current = await carrierPeer(handler);
      return current;
    },
    /** A peer answering every request with `body`. */
    serve(body: unknown, status = 200, headers: Record<string, string> = {}): Promise<Peer> {
      return this.start((_req, res) => sendJson(res, status, body, headers));
    },
  };
}

export const testEndpoint = (baseUrl: string): CarrierEndpoint => ({
  line: "MAERSK",
  baseUrl,
  apiKey: "k-123",
  apiKeyHeader: "X-Carrier-Key",
  simulated: false,
});

/** The snapshot of a successful result; a failure fails the test with its kind and message. */
export function snapshotOf(result: TrackingResult) {
  if (!result.ok)
    throw new Error(`expected a snapshot, got ${result.failure.kind}: ${result.failure.message}`);
  return result.snapshot;
}

export const MAERSK_A = vessel("9778791", "MAERSK ALDEN");
export const MAERSK_B = vessel("9632179", "MAERSK BRANI");
