import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCsvCreateFile } from "../../../../shared/csv-create";
import type { Plan, Role } from "../../../../shared/enums";
import { factories } from "../../../../tests/factories";
import { Client } from "../../../../tests/rest/auth-client";
import { createTestApp, type TestApp } from "../../../../tests/setup/app";
import { contracts } from "../../../db/schema";
import { createSession } from "../../auth/session.internal";
import { inferTrackingType } from "../../carriers/inference/inference";
import { simulatorLookup } from "../../carriers/simulator";

// GET /samples/shipments.csv through the app, as the New shipment page's download links call it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(role: Role, plan: Plan = "FREE") {
  const f = factories(t.database.db, t.clock.now());
  const { user, contract } = await f.companyWith(role);
  if (plan !== "FREE") {
    await t.database.db.update(contracts).set({ plan }).where(eq(contracts.id, contract.id));
  }
  const client = new Client(t.app);
  client.cookie = (await createSession(t.database.db, t.clock, user.id)).token;
  return client;
}

const sample = (client: Client, query: string) => client.get(`/samples/shipments.csv?${query}`);

describe("GET /samples/shipments.csv", () => {
  it("gives a UTF-8 file with a BOM whose rows all import and that the carriers know", async () => {
    const res = await sample(await member("OPERATOR"), "encoding=utf8");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="shipments-sample-utf8.csv"');
    const bytes = new Uint8Array(res.rawPayload);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const file = readCsvCreateFile({ name: "sample.csv", bytes }, { plan: "FREE" });
    if (!file.ok) throw new Error(file.error.key);
    expect(file.header).toEqual(["Liner", "TrackingType", "TrackingNumber", "Title"]);
    expect(file.lines.map((l) => l.error)).toEqual([null, null, null]);
    for (const line of file.lines) {
      const input = line.input;
      if (!input) throw new Error("line not importable");
      expect(inferTrackingType(input.trackingNumber)).toEqual({
        shippingLine: input.shippingLine,
        trackingType: input.trackingType,
      });
      expect(simulatorLookup(input.shippingLine, input.trackingType, input.trackingNumber)).toBe("OK");
    }
    expect(file.lines[0]?.input?.title).toBe("Frozen tuna to Tokyo");
  });

  it("gives Excel a Shift JIS file with Japanese titles", async () => {
    const res = await sample(await member("ADMIN"), "encoding=sjis");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=Shift_JIS");
    const bytes = new Uint8Array(res.rawPayload);
    // Really Shift JIS: Japanese text in it is not valid UTF-8.
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
    const file = readCsvCreateFile({ name: "sample.csv", bytes }, { plan: "FREE" });
    if (!file.ok) throw new Error(file.error.key);
    expect(file.lines.map((l) => l.input?.title)).toEqual([
      "冷凍マグロ 東京港向け",
      "横浜 雑貨 第二便",
      "ハンブルク 機械部品",
    ]);
  });

  it("adds the custom-field columns on FREE, PREMIUM and ENTERPRISE, and refuses them on STARTER and STANDARD", async () => {
    for (const plan of ["FREE", "PREMIUM", "ENTERPRISE"] as const) {
      const res = await sample(await member("MANAGER", plan), "encoding=utf8&customFields=1");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toContain("shipments-sample-custom-fields-utf8.csv");
      const file = readCsvCreateFile({ name: "s.csv", bytes: new Uint8Array(res.rawPayload) }, { plan });
      if (!file.ok) throw new Error(file.error.key);
      expect(file.header.slice(4)).toEqual(["CustomField1", "CustomField2", "CustomField3"]);
      expect(file.lines[0]?.input).toMatchObject({ customField1: "PO-24051", customField2: "Tokyo DC" });
    }
    for (const plan of ["STARTER", "STANDARD"] as const) {
      const res = await sample(await member("ADMIN", plan), "encoding=sjis&customFields=1");
      expect([res.statusCode, res.json().code]).toEqual([403, "UPGRADE_REQUIRED"]);
      expect((await sample(await member("ADMIN", plan), "encoding=sjis")).statusCode).toBe(200);
    }
  });

  it("refuses those who may not add shipments, visitors and unknown encodings", async () => {
    const readonly = await sample(await member("READONLY"), "encoding=utf8");
    expect([readonly.statusCode, readonly.json().code]).toEqual([403, "PERMISSION_DENIED"]);
    const visitor = await sample(new Client(t.app), "encoding=utf8");
    expect(visitor.json().code).toBe("UNAUTHENTICATED");
    const bad = await sample(await member("ADMIN"), "encoding=latin1");
    expect([bad.statusCode, bad.json().code]).toEqual([400, "VALIDATION_FAILED"]);
  });
});
