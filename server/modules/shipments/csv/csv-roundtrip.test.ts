import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decodeCsvBytes, encodeShiftJis } from "../../../../shared/csv-file";
import { contextFor } from "../../../../tests/setup/context";
import { setupDatabase } from "../../../../tests/setup/db";
import { shipments } from "../../../db/schema";
import { bulkUpdateCsv } from "./bulk-update-csv.service";
import { exportShipmentsCsv } from "./csv-export.service";

// A forwarder exports the list, edits the file in a spreadsheet and uploads it as a bulk update.
// Export neutralizes formula-like cells with a leading quote; the upload takes exactly that quote
// away, so an untouched file changes nothing however many times it goes round, in UTF-8 and in
// Shift JIS as Excel in Japan saves it.

const NOW = new Date("2026-01-15T00:00:00Z");
const t = setupDatabase(NOW);

const ORIGINAL = {
  title: '=HYPERLINK("http://evil.example")',
  customField1: "+81 3 0000",
  customField2: "'Quoted on purpose",
  customField3: "-5 @ 東京",
};

describe("CSV export then bulk update of the same file", () => {
  it.each([
    ["UTF-8", false],
    ["Shift JIS", true],
  ])("changes nothing, cycle after cycle (%s)", async (_name, sjis) => {
    const { company, team, user } = await t.f.companyWith("ADMIN");
    await t.f.contract(company.id, { plan: "PREMIUM", startsAt: new Date(NOW.getTime() - 1000) });
    const shipment = await t.f.shipment(team, ORIGINAL);
    const ctx = contextFor(t.db, user);
    for (let cycle = 0; cycle < 3; cycle++) {
      const file = await exportShipmentsCsv(
        ctx,
        { teamId: team.id, shipmentIds: [shipment.id] },
        "shipments",
      );
      const text = decodeCsvBytes(file.body);
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      const bytes = sjis ? encodeShiftJis(text) : new TextEncoder().encode(text);
      const result = await bulkUpdateCsv(ctx, {
        teamId: team.id,
        fileName: file.fileName,
        fileBase64: Buffer.from(bytes).toString("base64"),
      });
      expect(result.rows.map((r) => r.status)).toEqual(["success"]);
      const [row] = await t.db.select().from(shipments).where(eq(shipments.id, shipment.id));
      expect(row).toMatchObject(ORIGINAL);
    }
  });
});
