import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsvText } from "../../../../shared/csv-file";
import type { Plan, Role } from "../../../../shared/enums";
import { factories } from "../../../../tests/factories";
import { Client } from "../../../../tests/rest/auth-client";
import { createTestApp, type TestApp } from "../../../../tests/setup/app";
import { companies, historyContainers } from "../../../db/schema";
import { createSession } from "../../auth/session.internal";
import { giveHistory } from "../list/list.testkit";

// POST /csv_download_v2 and /csv_download_containers through the app, as the console's form posts
// them: cookie session, console origin, teamId and repeated shipmentIds.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function world(plan: Plan = "PREMIUM") {
  const f = factories(t.database.db, t.clock.now());
  const company = await f.company({ isHeadquarterEnabled: true });
  await f.contract(company.id, { plan, maxTrackings: 100 });
  const team = await f.team(company.id, { name: "Tokyo" });
  const other = await f.team(company.id, { name: "Osaka" });
  const users = {} as Record<Role, Awaited<ReturnType<typeof f.user>>>;
  for (const role of ["ADMIN", "MANAGER", "OPERATOR", "READONLY"] as const) {
    users[role] = await f.user({ companyId: company.id, role, nickname: `${role} person` });
    await f.teamMember(team, users[role]);
  }
  const a = await f.shipment(team, {
    title: '=HYPERLINK("http://evil.example")',
    trackingNumber: "BKAAA0001",
    customField1: "+81 3 0000",
    remark: "-5 @ port",
    ownerUserId: users.OPERATOR.id,
    requestedEta: "2026-02-01",
  });
  const tracked = await giveHistory(t.database.db, a, {
    loadingPort: ["JPTYO", "東京"],
    arrivalTime: "2026-02-10T00:00:00Z",
    containers: ["MSCU1234566", "TGHU7654320"],
  });
  const [first] = await t.database.db
    .select()
    .from(historyContainers)
    .where(
      and(
        eq(historyContainers.historyId, tracked.latestHistoryId as string),
        eq(historyContainers.containerNumber, "MSCU1234566"),
      ),
    );
  await t.database.db
    .update(historyContainers)
    .set({ sizeType: "40HC", gateInTime: new Date("2026-01-18T03:04:05Z") })
    .where(eq(historyContainers.id, first?.id as string));
  const b = await f.shipment(team, { title: "Plain", trackingNumber: "BKBBB0002" });
  const hidden = await f.shipment(other, { title: "Other team" });
  const foreign = await f.companyWith("ADMIN");
  const foreigns = await f.shipment(foreign.team, { title: "Foreign" });
  return { company, team, other, users, a, b, hidden, foreign, foreigns };
}

async function as(userId: string, options: { origin?: string | null } = {}) {
  const client = new Client(t.app, options);
  client.cookie = (await createSession(t.database.db, t.clock, userId)).token;
  return client;
}

function form(teamId: string, ids: string[]) {
  const params = new URLSearchParams({ teamId });
  for (const id of ids) params.append("shipmentIds", id);
  return params.toString();
}

const post = (client: Client, path: string, body: string) =>
  client.request("POST", path, body, { "content-type": "application/x-www-form-urlencoded" });

function table(raw: Buffer) {
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsvText(raw.subarray(3).toString("utf8"));
}

describe("POST /csv_download_v2", () => {
  it("answers a row per visible shipment with neutralized formula cells, in arrival order", async () => {
    const w = await world();
    const client = await as(w.users.OPERATOR.id);
    const ids = [w.b.id, w.a.id, w.hidden.id, w.foreigns.id];
    const res = await post(client, "/csv_download_v2", form(w.team.id, ids));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="shipments-\d{8}\.csv"$/);
    const csv = table(res.rawPayload);
    expect(csv.header.slice(0, 7)).toEqual([
      "ShipmentId",
      "Title",
      "RequestedEtd",
      "RequestedEta",
      "CustomField1",
      "CustomField2",
      "CustomField3",
    ]);
    expect(csv.records.map((r) => r.values.ShipmentId)).toEqual([w.a.id, w.b.id]);
    // In the file, formula-like cells carry the quote a spreadsheet reads as "text"...
    const text = res.rawPayload.subarray(3).toString("utf8");
    for (const cell of [`"'=HYPERLINK(""http://evil.example"")"`, `"'+81 3 0000"`, `"'-5 @ port"`])
      expect(text).toContain(cell);
    // ...which reading the file back (a bulk update of the exported file) takes away again.
    const first = csv.records[0]?.values ?? {};
    expect(first).toMatchObject({
      Title: '=HYPERLINK("http://evil.example")',
      CustomField1: "+81 3 0000",
      Remark: "-5 @ port",
      RequestedEta: "2026-02-01",
      Team: "Tokyo",
      Liner: "MAERSK",
      TrackingNumber: "BKAAA0001",
      POL: "東京",
      ETA: "2026-02-10T00:00:00Z",
      ETAStatus: "ESTIMATED",
      Containers: "MSCU1234566 TGHU7654320",
      CreatedBy: "OPERATOR person",
      Archived: "false",
    });
    expect(csv.records[1]?.values.Title).toBe("Plain");
    expect(res.rawPayload.toString("utf8")).not.toContain("Foreign");
    expect(res.rawPayload.toString("utf8")).not.toContain("Other team");
  });

  it("covers every team in the headquarters view, never another company", async () => {
    const w = await world();
    const client = await as(w.users.MANAGER.id);
    const res = await post(
      client,
      "/csv_download_v2",
      form("HEADQUARTER", [w.a.id, w.hidden.id, w.foreigns.id]),
    );
    expect(res.statusCode).toBe(200);
    expect(
      table(res.rawPayload)
        .records.map((r) => r.values.ShipmentId)
        .sort(),
    ).toEqual([w.a.id, w.hidden.id].sort());
  });

  it("is refused to Readonly, below PREMIUM, and without the console's origin", async () => {
    const w = await world();
    const readonly = await post(await as(w.users.READONLY.id), "/csv_download_v2", form(w.team.id, [w.a.id]));
    expect(readonly.statusCode).toBe(403);
    expect(readonly.json()).toMatchObject({ code: "PERMISSION_DENIED" });
    const crossSite = await as(w.users.ADMIN.id, { origin: "https://evil.example" });
    const forged = await post(crossSite, "/csv_download_v2", form(w.team.id, [w.a.id]));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: "CSRF_REJECTED" });
    const standard = await world("STANDARD");
    await t.database.db
      .update(companies)
      .set({ isHeadquarterEnabled: false })
      .where(eq(companies.id, standard.company.id));
    const res = await post(
      await as(standard.users.ADMIN.id),
      "/csv_download_v2",
      form(standard.team.id, [standard.a.id]),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "UPGRADE_REQUIRED" });
  });

  it("refuses a form without shipments, and a visitor without a session", async () => {
    const w = await world();
    const empty = await post(await as(w.users.ADMIN.id), "/csv_download_v2", form(w.team.id, []));
    expect(empty.statusCode).toBe(400);
    const anonymous = await post(new Client(t.app), "/csv_download_v2", form(w.team.id, [w.a.id]));
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("POST /csv_download_containers", () => {
  it("answers a row per container of the latest history", async () => {
    const w = await world();
    const res = await post(
      await as(w.users.ADMIN.id),
      "/csv_download_containers",
      form(w.team.id, [w.a.id, w.b.id]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/filename="containers-\d{8}\.csv"/);
    const csv = table(res.rawPayload);
    expect(
      csv.records.map((r) => [
        r.values.ShipmentId,
        r.values.ContainerNumber,
        r.values.SizeType,
        r.values.GateIn,
      ]),
    ).toEqual([
      [w.a.id, "MSCU1234566", "40HC", "2026-01-18T03:04:05Z"],
      [w.a.id, "TGHU7654320", "", ""],
    ]);
    expect(res.rawPayload.subarray(3).toString("utf8")).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv.records[0]?.values.Title).toBe('=HYPERLINK("http://evil.example")');
  });
});
