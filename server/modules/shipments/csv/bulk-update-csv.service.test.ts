import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SHIPMENT_ACTIVITY } from "../../../../shared/activities";
import { encodeShiftJis } from "../../../../shared/csv-file";
import type { Plan } from "../../../../shared/enums";
import { contextFor } from "../../../../tests/setup/context";
import { setupDatabase } from "../../../../tests/setup/db";
import { activities, shipments } from "../../../db/schema";
import { giveHistory } from "../list/list.testkit";
import { bulkUpdateCsv } from "./bulk-update-csv.service";

// CSV bulk update: per-line results with the spec's messages, in the request's language; valid
// lines written, blank cells keeping values; Shift JIS and UTF-8 files.

const NOW = new Date("2026-01-15T00:00:00Z");
const t = setupDatabase(NOW);

async function world(plan: Plan = "PREMIUM") {
  const { company, team, user } = await t.f.companyWith("OPERATOR");
  await t.f.contract(company.id, { plan, startsAt: new Date(NOW.getTime() - 1000), maxTrackings: 1000 });
  const other = await t.f.team(company.id);
  const a = await t.f.shipment(team, { title: "Old A", customField1: "keep", requestedEta: "2026-01-01" });
  const b = await t.f.shipment(team, { title: "Old B" });
  const hidden = await t.f.shipment(other, { title: "Hidden" });
  const foreign = await t.f.companyWith("ADMIN");
  const foreigns = await t.f.shipment(foreign.team, { title: "Foreign" });
  return { company, team, user, a, b, hidden, foreigns };
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64");
const upload = (ctx: ReturnType<typeof contextFor>, teamId: string, text: string, sjis = false) =>
  bulkUpdateCsv(ctx, {
    teamId,
    fileName: "update.csv",
    fileBase64: b64(sjis ? encodeShiftJis(text) : text),
  });

describe("CSV bulk update", () => {
  it("updates from a Shift JIS file and reports every line with the spec's message", async () => {
    const w = await world();
    await giveHistory(t.db, w.a, { arrivalTime: "2026-02-05T00:00:00Z" });
    const csv = [
      "ShipmentId,Title,RequestedEtd,RequestedEta,CustomField1,CustomField2,CustomField3",
      `${w.a.id},東京向け部品,2026/01/20,2026-02-01,,PO-9,`,
      `,No id,,,,,`,
      `not-a-uuid,Bad id,,,,,`,
      `${w.b.id},Bad dates,2026-02-30,2026/13/01,,,`,
      `${w.hidden.id},Other team,,,,,`,
      `${w.foreigns.id},Other company,,,,,`,
      `${w.b.id.toUpperCase()},,,,,,`,
    ].join("\r\n");
    const out = await upload(contextFor(t.db, w.user), w.team.id, csv, true);
    expect(out.rows).toEqual([
      { lineNo: 2, status: "success", shipmentId: w.a.id, error: null },
      { lineNo: 3, status: "failed", shipmentId: null, error: "ShipmentId is required for bulk update" },
      {
        lineNo: 4,
        status: "failed",
        shipmentId: "not-a-uuid",
        error: "Invalid ShipmentId format (must be UUID)",
      },
      {
        lineNo: 5,
        status: "failed",
        shipmentId: w.b.id,
        error:
          "Invalid RequestedEtd format (must be YYYY-MM-DD or YYYY/MM/DD) Invalid RequestedEta format (must be YYYY-MM-DD or YYYY/MM/DD)",
      },
      { lineNo: 6, status: "failed", shipmentId: w.hidden.id, error: "We couldn't find the shipment." },
      { lineNo: 7, status: "failed", shipmentId: w.foreigns.id, error: "We couldn't find the shipment." },
      { lineNo: 8, status: "success", shipmentId: w.b.id, error: null },
    ]);
    expect(out).toMatchObject({ succeeded: 2, failed: 5 });

    const rows = await t.db
      .select()
      .from(shipments)
      .where(inArray(shipments.id, [w.a.id, w.b.id, w.hidden.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(w.a.id)).toMatchObject({
      title: "東京向け部品",
      requestedEtd: "2026-01-20",
      requestedEta: "2026-02-01",
      // Blank cells keep what was there.
      customField1: "keep",
      customField2: "PO-9",
      requestedEtaDelayDays: 4,
    });
    expect(byId.get(w.b.id)?.title).toBe("Old B");
    expect(byId.get(w.hidden.id)?.title).toBe("Hidden");
    const log = await t.db.select().from(activities).where(eq(activities.shipmentId, w.a.id));
    expect(log.map((e) => [e.kind, (e.params as { field: string }).field]).sort()).toEqual(
      [
        [SHIPMENT_ACTIVITY.fieldChanged, "customField2"],
        [SHIPMENT_ACTIVITY.fieldChanged, "requestedEta"],
        [SHIPMENT_ACTIVITY.fieldChanged, "requestedEtd"],
        [SHIPMENT_ACTIVITY.fieldChanged, "title"],
      ].sort(),
    );
  });

  it("answers in Japanese, and refuses custom fields on STANDARD with the plan's name", async () => {
    const w = await world("STANDARD");
    const csv = `\uFEFFShipmentId,Title,CustomField1\n${w.a.id},New,PO-1\n${w.b.id},Only title,\n,x,\n`;
    const out = await upload(contextFor(t.db, w.user, { lang: "ja" }), w.team.id, csv);
    expect(out.rows.map((r) => [r.status, r.error])).toEqual([
      [
        "failed",
        "STANDARDプランではカスタムフィールドを利用できません。プレミアムプランまたはエンタープライズプランにアップグレードしてください",
      ],
      ["success", null],
      ["failed", expect.stringContaining("ShipmentId")],
    ]);
    const [a] = await t.db.select().from(shipments).where(eq(shipments.id, w.a.id));
    expect(a?.title).toBe("Old A");
  });

  it("allows custom fields on the FREE trial (only STARTER and STANDARD are refused)", async () => {
    const w = await world("FREE");
    const out = await upload(contextFor(t.db, w.user), w.team.id, `ShipmentId,CustomField3\n${w.a.id},X\n`);
    expect(out).toMatchObject({ succeeded: 1, failed: 0 });
  });

  it("refuses the whole file: not .csv, no header, more than 10,000 rows", async () => {
    const w = await world();
    const ctx = contextFor(t.db, w.user);
    await expect(
      bulkUpdateCsv(ctx, { teamId: w.team.id, fileName: "update.xlsx", fileBase64: b64("ShipmentId\n") }),
    ).rejects.toMatchObject({ code: "CSV_NOT_CSV_FILE" });
    await expect(upload(ctx, w.team.id, `${w.a.id},Title\n`)).rejects.toMatchObject({
      code: "CSV_HEADER_REQUIRED",
    });
    const many = ["ShipmentId,Title", ...Array.from({ length: 10_001 }, () => `${w.a.id},x`)].join("\n");
    await expect(upload(ctx, w.team.id, many)).rejects.toMatchObject({ code: "CSV_TOO_MANY_ROWS" });
    const atLimit = ["ShipmentId,Title", ...Array.from({ length: 10_000 }, (_, i) => `${w.a.id},t${i}`)].join(
      "\n",
    );
    expect(await upload(ctx, w.team.id, atLimit)).toMatchObject({ succeeded: 10_000, failed: 0 });
    const [a] = await t.db.select().from(shipments).where(eq(shipments.id, w.a.id));
    expect(a?.title).toBe("t9999");
  });

  it("reports a malformed line as a parse error", async () => {
    const w = await world();
    const out = await upload(contextFor(t.db, w.user), w.team.id, `ShipmentId,Title\n${w.a.id},"unclosed\n`);
    expect(out.rows).toEqual([
      {
        lineNo: 2,
        status: "failed",
        shipmentId: null,
        error: "CSV parse error. Please check the format of this line.",
      },
    ]);
  });

  it("is refused to Readonly", async () => {
    const w = await world();
    const readonly = await t.f.user({ companyId: w.company.id, role: "READONLY" });
    await t.f.teamMember(w.team, readonly);
    await expect(
      upload(contextFor(t.db, readonly), w.team.id, `ShipmentId,Title\n${w.a.id},x\n`),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
  });
});
