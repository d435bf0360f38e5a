import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../../tests/factories";
import { Client } from "../../../../tests/rest/auth-client";
import { createTestApp, type TestApp } from "../../../../tests/setup/app";
import { shipments } from "../../../db/schema";
import { createSession } from "../../auth/session.internal";

// The bulk update over HTTP, as the console sends it: a whole file, base64 in the tRPC JSON body.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("shipments.bulkUpdateCsv over HTTP", () => {
  it("takes a 10,000-line file of several megabytes", async () => {
    const f = factories(t.database.db, t.clock.now());
    const { team, user } = await f.companyWith("OPERATOR");
    const shipment = await f.shipment(team, { title: "Old" });
    const client = new Client(t.app, { lang: "en" });
    client.cookie = (await createSession(t.database.db, t.clock, user.id)).token;
    const long = "x".repeat(250);
    const lines = Array.from({ length: 10_000 }, (_, i) => `${shipment.id},${long} ${i}`);
    const csv = ["ShipmentId,Title", ...lines].join("\r\n");
    const fileBase64 = Buffer.from(csv).toString("base64");
    expect(fileBase64.length).toBeGreaterThan(3_000_000);
    const res = await client.mutate("shipments.bulkUpdateCsv", {
      teamId: team.id,
      fileName: "big.csv",
      fileBase64,
    });
    expect(res.error).toBeUndefined();
    expect(res.data).toMatchObject({ succeeded: 10_000, failed: 0 });
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row?.title).toBe(`${long} 9999`);
  });
});
