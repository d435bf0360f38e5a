import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import { type Shipment, shipmentChanges, shipmentHistories } from "../../db/schema";
import type { TrackingResult } from "../carriers/carriers.types";
import { refreshShipments } from "./refresh.service";
import { failure, ok, scriptedCarriers, snapshot, TEST_SETTINGS } from "./tracking.testkit";

// Carriers write the same instant with the port's offset one day and in UTC the next: that is no
// schedule change, so no history, no change record and no e-mail or webhook that would follow.

const t = setupDatabase(new Date("2026-01-20T00:00:00Z"));
const clock = new TestClock("2026-01-20T00:00:00Z");
let answer: TrackingResult = failure("NOT_FOUND");
const runtime = { carriers: scriptedCarriers(() => answer), tracking: TEST_SETTINGS };
const system = () => contextFor(t.db, { kind: "system", reason: "test" }, { clock });
const job = (s: Shipment) => ({ id: crypto.randomUUID(), shipmentId: s.id, retryCount: 0, retryLimit: 3 });

describe("a refresh whose times are only written another way", () => {
  it("writes no history and no change record, and a real move still does", async () => {
    const { team } = await t.f.companyWith("ADMIN");
    const s = await t.f.shipment(team);
    answer = ok(snapshot({ departure: "2026-02-01T10:00:00+09:00", arrival: "2026-02-15T08:00:00-08:00" }));
    await refreshShipments(system(), [job(s)], runtime);

    clock.advance(3_600_000);
    answer = ok(snapshot({ departure: "2026-02-01T01:00:00Z", arrival: "2026-02-15T16:00:00.000Z" }));
    const same = await refreshShipments(system(), [job(s)], runtime);
    expect(same).toMatchObject({ succeeded: 1, newHistories: 0 });

    clock.advance(3_600_000);
    answer = ok(snapshot({ departure: "2026-02-01T01:00:00Z", arrival: "2026-02-16T16:00:00Z" }));
    const moved = await refreshShipments(system(), [job(s)], runtime);
    expect(moved).toMatchObject({ succeeded: 1, newHistories: 1 });

    const histories = await t.db
      .select()
      .from(shipmentHistories)
      .where(eq(shipmentHistories.shipmentId, s.id));
    expect(histories).toHaveLength(2);
    const changes = await t.db.select().from(shipmentChanges).where(eq(shipmentChanges.shipmentId, s.id));
    expect(changes.map((c) => c.kind)).toEqual(["ETA"]);
  });
});
