import { beforeAll, describe, expect, it } from "vitest";
import { SearchCondition } from "../../../../shared/schemas/search";
import { contextFor } from "../../../../tests/setup/context";
import { setupDatabase } from "../../../../tests/setup/db";
import { listShipments } from "./list.service";
import { giveHistory, listInput } from "./list.testkit";

// Every operator of every field type of spec 01 §5 against three shipments: Alpha, Beta and one
// with nothing filled in ("blank").

const NOW = new Date("2026-01-15T00:00:00Z");
const t = setupDatabase(NOW);

let run: (conditions: unknown[]) => Promise<string[]>;

beforeAll(async () => {
  const f = t.f;
  const { company, team, user } = await f.companyWith("OPERATOR");
  await f.contract(company.id, { plan: "PREMIUM" });
  const alpha = await f.shipment(team, {
    title: "Alpha",
    shippingLine: "MAERSK",
    trackingType: "BOOKING_NUMBER",
    trackingNumber: "BKALPHA01",
    ownerUserId: user.id,
    delayDays: 2,
    requestedEtd: "2026-02-01",
    remark: "fragile goods",
    customField1: "PO-1",
    createdAt: new Date("2026-01-01T10:00:00Z"),
  });
  await giveHistory(t.db, alpha, {
    loadingPort: ["JPTYO", "Tokyo"],
    arrivalTime: "2026-02-10T12:00:00Z",
    vessels: ["ONE HARMONY"],
    containers: ["MSCU1111113"],
  });
  const beta = await f.shipment(team, {
    title: "Beta",
    shippingLine: "MSC",
    trackingType: "CONTAINER_NUMBER",
    trackingNumber: "TGHU2222220",
    delayDays: 5,
    isFailing: true,
    createdAt: new Date("2026-01-10T10:00:00Z"),
  });
  await giveHistory(t.db, beta, {
    loadingPort: ["CNSHA", null],
    arrivalTime: "2026-03-10T00:00:00Z",
    containers: ["TGHU2222220", "MSCU3333336"],
  });
  await f.shipment(team, {
    title: null,
    shippingLine: "ONE",
    trackingType: "BILL_OF_LADING_NUMBER",
    trackingNumber: "ONEBL0003",
    remark: "",
    createdAt: new Date("2026-01-14T23:59:00Z"),
  });
  const ctx = contextFor(t.db, user);
  run = async (conditions) => {
    const { items } = await listShipments(
      ctx,
      listInput(team.id, { searchInputs: conditions as never, orderBy: "createdAt" }),
    );
    return items.map((i) => i.title ?? "blank");
  };
});

const c = (field: string, operator: string, value?: unknown) => ({ field, operator, value });

describe("text fields", () => {
  it.each([
    [c("title", "IS", "Alpha"), ["Alpha"]],
    [c("title", "IS_NOT", "Alpha"), ["Beta", "blank"]],
    [c("title", "CONTAINS", "ph"), ["Alpha"]],
    [c("title", "CONTAINS", "A"), ["Alpha", "Beta"]],
    [c("title", "NOT_CONTAIN", "ph"), ["Beta", "blank"]],
    [c("title", "IS_EMPTY"), ["blank"]],
    [c("title", "NOT_EMPTY"), ["Alpha", "Beta"]],
    [c("trackingNumber", "CONTAINS", "alpha"), ["Alpha"]],
    [c("customField1", "IS", "PO-1"), ["Alpha"]],
    [c("loadingPort", "IS", "Tokyo"), ["Alpha"]],
    [c("loadingPort", "IS", "CNSHA"), ["Beta"]],
    [c("loadingPort", "CONTAINS", "jp"), ["Alpha"]],
    [c("loadingPort", "IS_EMPTY"), ["blank"]],
    [c("vesselName", "CONTAINS", "harm"), ["Alpha"]],
    [c("containerNumber", "IS", "MSCU3333336"), ["Beta"]],
    [c("containerNumber", "IS_NOT", "MSCU3333336"), ["Alpha", "blank"]],
    [c("containerNumber", "CONTAINS", "mscu"), ["Alpha", "Beta"]],
    [c("containerNumber", "NOT_CONTAIN", "1111"), ["Beta", "blank"]],
    [c("containerNumber", "IS_EMPTY"), ["blank"]],
    [c("containerNumber", "NOT_EMPTY"), ["Alpha", "Beta"]],
  ])("%j", async (condition, expected) => {
    expect(await run([condition])).toEqual(expected);
  });
});

describe("long text (remarks)", () => {
  it.each([
    [c("remark", "CONTAINS", "FRAGILE"), ["Alpha"]],
    [c("remark", "NOT_CONTAIN", "fragile"), ["Beta", "blank"]],
    [c("remark", "IS_EMPTY"), ["Beta", "blank"]],
    [c("remark", "NOT_EMPTY"), ["Alpha"]],
  ])("%j", async (condition, expected) => {
    expect(await run([condition])).toEqual(expected);
  });
  it("offers no IS for long text", () => {
    expect(SearchCondition.safeParse(c("remark", "IS", "x")).success).toBe(false);
  });
});

describe("enum fields", () => {
  it.each([
    [c("shippingLine", "IS", "MSC"), ["Beta"]],
    [c("shippingLine", "IS_NOT", "MSC"), ["Alpha", "blank"]],
    [c("trackingType", "IS", "BILL_OF_LADING_NUMBER"), ["blank"]],
    [c("trackingType", "IS_NOT", "BOOKING_NUMBER"), ["Beta", "blank"]],
  ])("%j", async (condition, expected) => {
    expect(await run([condition])).toEqual(expected);
  });
  it("owner IS / IS_NOT a member (by id)", async () => {
    const ownerId = (await t.db.query.shipments.findFirst({ where: (s, { eq }) => eq(s.title, "Alpha") }))
      ?.ownerUserId;
    expect(await run([c("owner", "IS", ownerId)])).toEqual(["Alpha"]);
    expect(await run([c("owner", "IS_NOT", ownerId)])).toEqual(["Beta", "blank"]);
  });
});

describe("number fields", () => {
  it.each([
    [c("delayDays", "IS", 2), ["Alpha"]],
    [c("delayDays", "IS", "5"), ["Beta"]],
    [c("delayDays", "BETWEEN", [1, 2]), ["Alpha"]],
    [c("delayDays", "BETWEEN", [6, 2]), ["Alpha", "Beta"]],
    [c("delayDays", "GREATER_THAN", 2), ["Beta"]],
    [c("delayDays", "LESS_THAN", 5), ["Alpha"]],
  ])("%j", async (condition, expected) => {
    expect(await run([condition])).toEqual(expected);
  });
});

describe("date fields", () => {
  it.each([
    [c("arrivalTime", "BETWEEN", ["2026-02-01", "2026-02-10"]), ["Alpha"]],
    [c("arrivalTime", "BETWEEN", ["2026-03-10", "2026-02-11"]), ["Beta"]],
    [c("arrivalTime", "IS_EMPTY"), ["blank"]],
    [c("arrivalTime", "NOT_EMPTY"), ["Alpha", "Beta"]],
    [c("requestedEtd", "BETWEEN", ["2026-02-01", "2026-02-01"]), ["Alpha"]],
    [c("requestedEtd", "IS_EMPTY"), ["Beta", "blank"]],
    [c("requestedEtd", "NOT_EMPTY"), ["Alpha"]],
  ])("%j", async (condition, expected) => {
    expect(await run([condition])).toEqual(expected);
  });
  it("BETWEEN needs two values", () => {
    expect(SearchCondition.safeParse(c("arrivalTime", "BETWEEN", ["2026-02-01"])).success).toBe(false);
  });
});

describe("timestamp fields", () => {
  it.each([
    [c("createdAt", "BETWEEN", ["2026-01-01", "2026-01-10"]), ["Alpha", "Beta"]],
    [c("createdAt", "BETWEEN", ["2026-01-14", "2026-01-14"]), ["blank"]],
    [c("createdAt", "BETWEEN", ["2026-01-01T11:00:00Z", "2026-01-10T10:00:00Z"]), ["Beta"]],
  ])("%j", async (condition, expected) => {
    expect(await run([condition])).toEqual(expected);
  });
});

describe("boolean fields", () => {
  it.each([
    [c("isFailing", "IS", true), ["Beta"]],
    [c("isFailing", "IS", false), ["Alpha", "blank"]],
  ])("%j", async (condition, expected) => {
    expect(await run([condition])).toEqual(expected);
  });
});

describe("several conditions", () => {
  it("must all hold", async () => {
    expect(await run([c("containerNumber", "CONTAINS", "MSCU"), c("delayDays", "GREATER_THAN", 3)])).toEqual([
      "Beta",
    ]);
    expect(await run([c("shippingLine", "IS", "MAERSK"), c("isFailing", "IS", true)])).toEqual([]);
  });
});
