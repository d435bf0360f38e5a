import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { contextFor } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { HOUR_MS, TestClock } from "../../core/clock";
import { aisVesselPositions, historyVessels, type Shipment, shipments } from "../../db/schema";
import { prunePositions, recordAisBatch, updateAis } from "./ais.service";
import { giveVoyage } from "./ais.testkit";
import type { AisMessage } from "./ais.types";
import { identityUpdate, positionRow } from "./ais-rows";
import { greatCircleNauticalMiles } from "./geo";

let t: TestDatabase;
let f: ReturnType<typeof factories>;
const clock = new TestClock("2026-03-01T00:00:00Z");
const system = () => contextFor(t.db, { kind: "system", reason: "test" }, { clock });

// Stub of the seaport table (the carriers module's UN/LOCODE data), with its coordinates.
const TOKYO = { lat: 35.68333333333333, lon: 139.75 };
const LOS_ANGELES = { lat: 34.0536909, lon: -118.242766 };
const PORTS: Record<string, { lat: number; lon: number }> = { JPTYO: TOKYO, USLAX: LOS_ANGELES };
const portCoordinates = (locode: string) => PORTS[locode] ?? null;

beforeAll(async () => {
  t = await freshDatabase();
  f = factories(t.db);
});
afterAll(() => t.close());

let nextMmsi = 431000000;
const newMmsi = () => (nextMmsi += 1);

function position(mmsi: number, at: { lat: number; lon: number }, sog = 20): AisMessage {
  return {
    type: 1,
    mmsi,
    ...at,
    sog,
    cog: 90,
    heading: 90,
    accuracy: true,
    timestamp: null,
    navStatus: 0,
    rot: 0,
  };
}

function voyageData(mmsi: number, imo: number | null, shipName: string): AisMessage {
  const none = {
    callsign: null,
    shipType: 70,
    destination: "LOS ANGELES",
    draught: 12,
    eta: null,
    dimensions: null,
  };
  return { type: 5, mmsi, imo, shipName, ...none };
}

/** What the ingest does with a batch, received at the clock's current time. */
async function hear(...messages: AisMessage[]) {
  const now = clock.now();
  await recordAisBatch(system(), {
    identities: messages.flatMap((m) => identityUpdate(m, now) ?? []),
    positions: messages.flatMap((m) => positionRow(m, now) ?? []),
  });
}

async function shipmentOnLeg(leg: Parameters<typeof giveVoyage>[2][number]) {
  const { team } = await f.companyWith("ADMIN");
  const shipment = await f.shipment(team);
  await giveVoyage(t.db, shipment, [{ dischargingPortLocode: "USLAX", ...leg }]);
  return shipment;
}

const positionsOf = (mmsi: number) =>
  t.db
    .select()
    .from(aisVesselPositions)
    .where(eq(aisVesselPositions.mmsi, String(mmsi)))
    .orderBy(aisVesselPositions.reportedAt);

async function reload(shipment: Shipment) {
  const [row] = await t.db.select().from(shipments).where(eq(shipments.id, shipment.id));
  return row!;
}

describe("recording the feed", () => {
  it("stores positions with the IMO number and name the vessel's static message gave", async () => {
    const mmsi = newMmsi();
    await hear(voyageData(mmsi, 9134270, "EVER DIADEM"), position(mmsi, TOKYO));
    // A re-sent report (another receiver heard it) is stored once.
    await hear(position(mmsi, TOKYO));
    expect(await positionsOf(mmsi)).toEqual([
      expect.objectContaining({
        imo: "9134270",
        name: "EVER DIADEM",
        latitude: TOKYO.lat,
        longitude: TOKYO.lon,
        sog: 20,
      }),
    ]);
  });

  it("merges the static messages of one vessel in a batch (type 24 parts A and B)", async () => {
    const mmsi = newMmsi();
    const none = { imo: null, destination: null, draught: null, eta: null, dimensions: null };
    await hear(
      { type: 24, part: "A", mmsi, ...none, shipName: "PROGUY", callsign: null, shipType: null },
      { type: 24, part: "B", mmsi, ...none, shipName: null, callsign: "TC6163", shipType: 60 },
      position(mmsi, TOKYO),
    );
    expect(await positionsOf(mmsi)).toEqual([expect.objectContaining({ name: "PROGUY", imo: null })]);
  });

  it("is the system's work only", async () => {
    const { user } = await f.companyWith("ADMIN");
    await expect(
      recordAisBatch(contextFor(t.db, user), { positions: [], identities: [] }),
    ).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    await expect(updateAis(contextFor(t.db, user), { portCoordinates })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
  });
});

describe("updateAis", () => {
  it("puts the position on a shipment whose current leg is on the vessel (by MMSI), with a predicted arrival", async () => {
    const mmsi = newMmsi();
    const carrierEta = new Date("2026-03-20T00:00:00Z");
    const shipment = await shipmentOnLeg({ mmsi: String(mmsi), arrivalTime: carrierEta });
    await hear(position(mmsi, TOKYO, 20));

    expect(await updateAis(system(), { portCoordinates })).toMatchObject({ updated: 1 });
    const row = await reload(shipment);
    expect(row).toMatchObject({ latitude: TOKYO.lat, longitude: TOKYO.lon, aisUpdatedAt: clock.now() });
    // Tokyo to Los Angeles is about 4,758 nautical miles: 237.9 hours at 20 knots.
    const hours = ((row.predictedArrivalAt?.getTime() ?? 0) - clock.now().getTime()) / HOUR_MS;
    expect(hours).toBeCloseTo(greatCircleNauticalMiles(TOKYO, LOS_ANGELES) / 20, 3);
    expect(hours).toBeGreaterThan(237);
    expect(hours).toBeLessThan(239);
    // The carrier's ETA is kept beside it.
    const [leg] = await t.db
      .select()
      .from(historyVessels)
      .where(eq(historyVessels.historyId, row.latestHistoryId!));
    expect(leg?.arrivalTime).toEqual(carrierEta);
  });

  it("matches by IMO number through the vessel's static message", async () => {
    const mmsi = newMmsi();
    const shipment = await shipmentOnLeg({ imo: "IMO 9356945", vesselName: "SOMETHING ELSE" });
    await hear(position(mmsi, TOKYO));
    await updateAis(system(), { portCoordinates });
    expect((await reload(shipment)).aisUpdatedAt).toBeNull();

    clock.advance(60_000);
    await hear(voyageData(mmsi, 9356945, "CASTELO OBIDOS"), position(mmsi, TOKYO));
    expect(await updateAis(system(), { portCoordinates, mmsis: [String(mmsi)] })).toMatchObject({
      updated: 1,
    });
    expect(await reload(shipment)).toMatchObject({ latitude: TOKYO.lat, aisUpdatedAt: clock.now() });
  });

  it("matches by name when the name is one ship's, and not when it is two ships'", async () => {
    const [a, b, c] = [newMmsi(), newMmsi(), newMmsi()];
    const unique = await shipmentOnLeg({ vesselName: "M/V Nordic  Hamburg" });
    const shared = await shipmentOnLeg({ vesselName: "Twin Star" });
    await hear(
      voyageData(a, null, "NORDIC HAMBURG"),
      position(a, TOKYO),
      voyageData(b, 9074729, "TWIN STAR"),
      position(b, TOKYO),
      voyageData(c, 9387425, "TWIN STAR"),
      position(c, TOKYO),
    );
    await updateAis(system(), { portCoordinates, mmsis: [a, b, c].map(String) });
    expect((await reload(unique)).aisUpdatedAt).toEqual(clock.now());
    expect((await reload(shared)).aisUpdatedAt).toBeNull();
  });

  it("follows only the current leg: departed, not yet arrived, in the latest history, not archived", async () => {
    const [first, second] = [newMmsi(), newMmsi()];
    const { team } = await f.companyWith("ADMIN");
    const transhipped = await f.shipment(team);
    await giveVoyage(t.db, transhipped, [
      { mmsi: String(first), arrivalTimeStatus: "ACTUAL" },
      { mmsi: String(second), dischargingPortLocode: "USLAX" },
    ]);
    const notSailed = await f.shipment(team);
    await giveVoyage(t.db, notSailed, [{ mmsi: String(first), departureTimeStatus: "ESTIMATED" }]);
    const superseded = await f.shipment(team);
    await giveVoyage(t.db, superseded, [{ mmsi: String(first) }]);
    await giveVoyage(t.db, superseded, [{ mmsi: String(second), departureTimeStatus: "ESTIMATED" }]);
    const archived = await f.shipment(team, { archivedAt: clock.now() });
    await giveVoyage(t.db, archived, [{ mmsi: String(first) }]);

    await hear(position(first, TOKYO));
    await updateAis(system(), { portCoordinates });
    for (const s of [transhipped, notSailed, superseded, archived])
      expect((await reload(s)).aisUpdatedAt).toBeNull();

    await hear(position(second, LOS_ANGELES));
    await updateAis(system(), { portCoordinates });
    expect(await reload(transhipped)).toMatchObject({ latitude: LOS_ANGELES.lat, aisUpdatedAt: clock.now() });
  });

  it("ignores a stale position, and predicts no arrival for a vessel not under way or bound for an unknown port", async () => {
    const [stale, anchored, elsewhere] = [newMmsi(), newMmsi(), newMmsi()];
    const onStale = await shipmentOnLeg({ mmsi: String(stale) });
    const onAnchored = await shipmentOnLeg({ mmsi: String(anchored) });
    const onElsewhere = await shipmentOnLeg({ mmsi: String(elsewhere), dischargingPortLocode: "XXZZZ" });
    await hear(position(stale, TOKYO));
    clock.advance(6 * HOUR_MS + 1000);
    await hear(position(anchored, TOKYO, 0.4), position(elsewhere, TOKYO, 15));
    await updateAis(system(), { portCoordinates });

    expect(await reload(onStale)).toMatchObject({ aisUpdatedAt: null, latitude: null });
    expect(await reload(onAnchored)).toMatchObject({ latitude: TOKYO.lat, predictedArrivalAt: null });
    expect(await reload(onElsewhere)).toMatchObject({ latitude: TOKYO.lat, predictedArrivalAt: null });
  });

  it("never moves a shipment back to an older position", async () => {
    const mmsi = newMmsi();
    const shipment = await shipmentOnLeg({ mmsi: String(mmsi) });
    await hear(position(mmsi, TOKYO));
    const later = clock.now();
    await t.db
      .update(shipments)
      .set({ aisUpdatedAt: new Date(later.getTime() + 1000) })
      .where(eq(shipments.id, shipment.id));
    expect(await updateAis(system(), { portCoordinates, shipmentIds: [shipment.id] })).toEqual({
      legs: 1,
      fresh: 1,
      updated: 0,
    });
    expect((await reload(shipment)).latitude).toBeNull();
  });

  it("leaves the shipments of other vessels alone when given the MMSIs heard", async () => {
    const [heard, other] = [newMmsi(), newMmsi()];
    const onOther = await shipmentOnLeg({ mmsi: String(other) });
    await hear(position(other, TOKYO));
    await hear(position(heard, LOS_ANGELES));
    expect(await updateAis(system(), { portCoordinates, mmsis: [String(heard)] })).toMatchObject({ legs: 0 });
    expect((await reload(onOther)).aisUpdatedAt).toBeNull();
  });
});

describe("retention", () => {
  it("drops positions older than the retention period", async () => {
    const mmsi = newMmsi();
    await hear(position(mmsi, TOKYO));
    clock.advance(14 * 24 * HOUR_MS);
    await hear(position(mmsi, LOS_ANGELES));
    expect(await prunePositions(system())).toBeGreaterThanOrEqual(0);
    expect((await positionsOf(mmsi)).map((p) => p.latitude)).toEqual([TOKYO.lat, LOS_ANGELES.lat]);
    clock.advance(1000);
    expect(await prunePositions(system())).toBeGreaterThanOrEqual(1);
    expect((await positionsOf(mmsi)).map((p) => p.latitude)).toEqual([LOS_ANGELES.lat]);
  });
});
