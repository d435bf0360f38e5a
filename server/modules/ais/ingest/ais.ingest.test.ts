import { createSocket } from "node:dgram";
import { once } from "node:events";
import { type AddressInfo, createServer, type Server, type Socket } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../../tests/factories";
import { contextFor, recordingJobs, silentLog } from "../../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../../tests/setup/db";
import { TestClock } from "../../../core/clock";
import { aisVesselPositions, shipments } from "../../../db/schema";
import { giveVoyage, positionSentence } from "../ais.testkit";
import type { AisMessage } from "../ais.types";
import { decodeAisSentences } from "../decode/ais-decoder";
import { AisIngest, type AisIngestOptions, startAisIngest } from "./ais.ingest";
import { NmeaTcpSource, NmeaUdpSource } from "./ais.source";

let t: TestDatabase;
let f: ReturnType<typeof factories>;
const clock = new TestClock("2026-03-01T00:00:00Z");
const deps = () => ({ db: t.db, jobs: recordingJobs(), clock, log: silentLog });
const LOS_ANGELES = { lat: 34.0536909, lon: -118.242766 };
const portCoordinates = (locode: string) => (locode === "USLAX" ? LOS_ANGELES : null);

beforeAll(async () => {
  t = await freshDatabase();
  f = factories(t.db);
});
afterAll(() => t.close());

// gpsd's EVER DIADEM (MMSI 351759000, IMO 9134270), and its position made up for the test.
const EVER_DIADEM = [
  "!AIVDM,2,1,1,A,55?MbV02;H;s<HtKR20EHE:0@T4@Dn2222222216L961O5Gf0NSQEp6ClRp8,0*1C",
  "!AIVDM,2,2,1,A,88888888880,2*25",
];
const NORTH_PACIFIC = { lat: 40.5, lon: -150.25 };

function ingest(options: Partial<AisIngestOptions> = {}) {
  const ctx = contextFor(t.db, { kind: "system", reason: "test" }, { clock });
  return new AisIngest(ctx, { portCoordinates, matchIntervalMs: 0, ...options });
}

/** A handler for sources that passes messages on and lets a test wait for the n-th. */
function counting(onMessage: (m: AisMessage) => void) {
  let seen = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  return {
    handler: (m: AisMessage) => {
      onMessage(m);
      seen += 1;
      for (const w of waiters.filter((w) => seen >= w.n)) w.resolve();
    },
    until: (n: number) =>
      new Promise<void>((resolve) => (seen >= n ? resolve() : waiters.push({ n, resolve }))),
  };
}

async function shipmentOn(leg: { imo?: string; mmsi?: string }) {
  const { team } = await f.companyWith("ADMIN");
  const shipment = await f.shipment(team);
  await giveVoyage(t.db, shipment, [{ ...leg, dischargingPortLocode: "USLAX" }]);
  return shipment;
}

const positionsOf = (mmsi: number) =>
  t.db
    .select()
    .from(aisVesselPositions)
    .where(eq(aisVesselPositions.mmsi, String(mmsi)));

describe("NMEA over UDP", () => {
  it("receives datagrams on 127.0.0.1 and updates the shipment on the vessel, matched by IMO", async () => {
    const shipment = await shipmentOn({ imo: "9134270" });
    const run = ingest();
    const source = new NmeaUdpSource({ host: "127.0.0.1", port: 0, clock, log: silentLog });
    const received = counting(run.accept);
    await source.start(received.handler);
    const sender = createSocket("udp4");
    try {
      const { port } = source.address();
      const at = clock.now().getUTCSeconds();
      // Two sentences in one datagram, then a position in another, and junk that must not stop it.
      sender.send(`${EVER_DIADEM.join("\r\n")}\r\n`, port, "127.0.0.1");
      sender.send("!AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sa,0*00\r\n", port, "127.0.0.1");
      sender.send(
        `${positionSentence({ mmsi: 351759000, ...NORTH_PACIFIC, sog: 18.5, cog: 75, second: at })}\r\n`,
        port,
        "127.0.0.1",
      );
      await received.until(2);
      expect(source.stats()).toMatchObject({ lines: 4, messages: 2, errors: { BAD_CHECKSUM: 1 } });

      const flushed = await run.flush();
      expect(flushed).toMatchObject({ positions: 1, identities: 1, shipments: { updated: 1 } });
      const [row] = await t.db.select().from(shipments).where(eq(shipments.id, shipment.id));
      expect(row).toMatchObject({
        latitude: NORTH_PACIFIC.lat,
        longitude: NORTH_PACIFIC.lon,
        aisUpdatedAt: clock.now(),
      });
      expect(row?.predictedArrivalAt?.getTime()).toBeGreaterThan(clock.now().getTime());
      expect(await positionsOf(351759000)).toEqual([
        expect.objectContaining({ imo: "9134270", name: "EVER DIADEM" }),
      ]);
    } finally {
      sender.close();
      await source.stop();
    }
  });
  it("decodes each sender apart, so two receivers' fragments never mix", async () => {
    const messages: AisMessage[] = [];
    const source = new NmeaUdpSource({ host: "127.0.0.1", port: 0, clock, log: silentLog });
    await source.start((m) => messages.push(m));
    const [a, b] = [createSocket("udp4"), createSocket("udp4")];
    try {
      const { port } = source.address();
      const send = async (socket: typeof a, line: string) => {
        socket.send(`${line}\n`, port, "127.0.0.1");
        await new Promise((r) => setTimeout(r, 20));
      };
      await send(a, EVER_DIADEM[0]!);
      // Another receiver's first fragment with the same id and channel: a new message for it only.
      await send(b, "!AIVDM,2,1,1,A,538CQ>02A;h?D9QC800pu8@T>0P4l9E8L0000017Ah:;;5r50Ahm5;C0,0*07");
      await send(a, EVER_DIADEM[1]!);
      await expect.poll(() => messages.length, { timeout: 5000 }).toBe(1);
      expect(messages).toEqual([expect.objectContaining({ type: 5, shipName: "EVER DIADEM" })]);
    } finally {
      a.close();
      b.close();
      await source.stop();
    }
  });
});

describe("NMEA over TCP", () => {
  let server: Server;
  const clients: Socket[] = [];
  beforeAll(async () => {
    server = createServer((socket) => clients.push(socket));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
  });
  afterAll(async () => {
    for (const c of clients) c.destroy();
    server.close();
  });

  it("connects to the feed, reads lines cut anywhere, and reconnects when the feed drops", async () => {
    const mmsi = 538000101;
    const shipment = await shipmentOn({ mmsi: String(mmsi) });
    const run = ingest();
    const { port } = server.address() as AddressInfo;
    const source = new NmeaTcpSource({ host: "127.0.0.1", port, clock, log: silentLog, reconnectMs: 20 });
    const received = counting(run.accept);
    const connected = once(server, "connection");
    await source.start(received.handler);
    try {
      const [first] = (await connected) as [Socket];
      const line = positionSentence({
        mmsi,
        ...NORTH_PACIFIC,
        sog: 12,
        cog: 80,
        second: clock.now().getUTCSeconds(),
      });
      first.write(`$GPGGA,not,ais*00\r\n${line.slice(0, 17)}`);
      first.write(`${line.slice(17)}\r\n`);
      await received.until(1);
      expect(await run.flush()).toMatchObject({ positions: 1, shipments: { updated: 1 } });

      const reconnected = once(server, "connection");
      first.destroy();
      const [second] = (await reconnected) as [Socket];
      clock.advance(120_000);
      const later = { lat: 40.6, lon: -149.9 };
      second.write(
        `${positionSentence({ mmsi, ...later, sog: 12, cog: 80, second: clock.now().getUTCSeconds() })}\n`,
      );
      await received.until(2);
      await run.flush();
      expect(await positionsOf(mmsi)).toHaveLength(2);
      const [row] = await t.db.select().from(shipments).where(eq(shipments.id, shipment.id));
      expect(row).toMatchObject({ latitude: later.lat, longitude: later.lon, aisUpdatedAt: clock.now() });
      expect(source.stats().errors).toEqual({ BAD_CHECKSUM: 1 });
    } finally {
      await source.stop();
    }
  });
  it("keeps trying a feed that is down at start", async () => {
    const probe = createServer().listen(0, "127.0.0.1");
    await once(probe, "listening");
    const { port } = probe.address() as AddressInfo;
    await new Promise((r) => probe.close(r));
    const source = new NmeaTcpSource({ host: "127.0.0.1", port, clock, log: silentLog, reconnectMs: 20 });
    const messages: AisMessage[] = [];
    await source.start((m) => messages.push(m)); // resolves although nothing listens
    const late = createServer((socket) => socket.write(`${EVER_DIADEM.join("\r\n")}\r\n`));
    late.listen(port, "127.0.0.1");
    try {
      await expect.poll(() => messages.length, { timeout: 5000 }).toBe(1);
    } finally {
      await source.stop();
      late.close();
    }
  });
});

describe("batching", () => {
  const report = (mmsi: number, lat: number): AisMessage => ({
    type: 1,
    mmsi,
    lat,
    lon: 140,
    sog: 10,
    cog: 90,
    heading: null,
    accuracy: false,
    timestamp: null,
    navStatus: 0,
    rot: null,
  });

  it("writes once N messages came in, keeping the newest position of each vessel", async () => {
    const run = ingest({ maxMessages: 4, minPositionIntervalMs: 0 });
    const [a, b] = [538000201, 538000202];
    run.accept(report(a, 10));
    clock.advance(1000);
    run.accept(report(a, 11));
    clock.advance(1000);
    run.accept(report(b, 20));
    await run.idle();
    expect(await positionsOf(a)).toEqual([]);
    clock.advance(1000);
    run.accept(report(a, 12)); // the fourth message: the batch is written
    await run.idle();
    expect((await positionsOf(a)).map((p) => p.latitude)).toEqual([12]);
    expect((await positionsOf(b)).map((p) => p.latitude)).toEqual([20]);
  });

  it("stores a vessel's position at most once per interval, and writes on a timer", async () => {
    const run = ingest({ minPositionIntervalMs: 60_000, flushIntervalMs: 20 });
    const mmsi = 538000301;
    run.start();
    try {
      run.accept(report(mmsi, 1));
      await expect.poll(() => positionsOf(mmsi).then((r) => r.length), { timeout: 5000 }).toBe(1);
      clock.advance(30_000);
      run.accept(report(mmsi, 2));
      clock.advance(31_000);
      run.accept(report(mmsi, 3));
      await expect
        .poll(() => positionsOf(mmsi).then((r) => r.map((p) => p.latitude).sort()), { timeout: 5000 })
        .toEqual([1, 3]);
    } finally {
      await run.stop();
    }
  });

  it("updates shipments at most once per match interval, for all the vessels heard in between", async () => {
    const [a, b] = [538000401, 538000402];
    const onA = await shipmentOn({ mmsi: String(a) });
    const onB = await shipmentOn({ mmsi: String(b) });
    const run = ingest({ matchIntervalMs: 10_000 });
    run.accept(report(a, 30));
    expect((await run.flush()).shipments).toMatchObject({ updated: 1 });
    clock.advance(5_000);
    run.accept(report(b, 31));
    expect((await run.flush()).shipments).toBeNull();
    clock.advance(5_000);
    expect((await run.flush()).shipments).toMatchObject({ legs: 1, updated: 1 });
    const rows = await t.db
      .select()
      .from(shipments)
      .where(inArray(shipments.id, [onA.id, onB.id]));
    expect(rows.map((r) => r.latitude).sort()).toEqual([30, 31]);
  });
});

describe("startAisIngest", () => {
  it("runs the configured feeds into one ingest until stopped", async () => {
    const server = createServer((socket) => {
      socket.end(
        `${positionSentence({ mmsi: 538000501, lat: 1.25, lon: 103.8, sog: 9, cog: 10, second: 0 })}\n`,
      );
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    const running = await startAisIngest(
      deps(),
      { tcp: [{ host: "127.0.0.1", port }], udp: { host: "127.0.0.1", port: 0 } },
      {
        portCoordinates,
        flushIntervalMs: 20,
      },
    );
    try {
      const udp = running.sources.find((s): s is NmeaUdpSource => s instanceof NmeaUdpSource);
      const sender = createSocket("udp4");
      sender.send(
        `${positionSentence({ mmsi: 538000502, lat: 1.2, lon: 103.7, sog: 9, cog: 10, second: 0 })}\n`,
        udp!.address().port,
        "127.0.0.1",
      );
      await expect.poll(() => positionsOf(538000501).then((r) => r.length), { timeout: 5000 }).toBe(1);
      await expect.poll(() => positionsOf(538000502).then((r) => r.length), { timeout: 5000 }).toBe(1);
      sender.close();
    } finally {
      await running.stop();
      server.close();
    }
  });
});

it("makes test sentences the decoder reads back", () => {
  const line = positionSentence({
    mmsi: 538000101,
    lat: -33.5,
    lon: 151.25,
    sog: 12.3,
    cog: 359.9,
    second: 7,
  });
  expect(decodeAisSentences([line])).toMatchObject({
    ok: true,
    message: { type: 1, mmsi: 538000101, lat: -33.5, lon: 151.25, sog: 12.3, cog: 359.9, timestamp: 7 },
  });
});
