import { describe, expect, it } from "vitest";
import { ACTIVITY_FIELDS, activityMessage, SHIPMENT_ACTIVITY } from "./activities";
import { TRACKING_TYPES } from "./enums";
import { en } from "./i18n/en";
import { ja } from "./i18n/ja";

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? "");

/** Every entry the server or the tracking engine records, with realistic params. */
const SAMPLES: [string, Record<string, unknown>][] = [
  ...TRACKING_TYPES.map((trackingType): [string, Record<string, unknown>] => [
    SHIPMENT_ACTIVITY.created,
    { shippingLine: "MAERSK", trackingType, trackingNumber: "MAEU123" },
  ]),
  ...TRACKING_TYPES.map((trackingType): [string, Record<string, unknown>] => [
    SHIPMENT_ACTIVITY.trackingChanged,
    {
      shippingLine: "ONE",
      trackingType,
      trackingNumber: "TYO1",
      previous: { shippingLine: "MSC", trackingType, trackingNumber: "X" },
    },
  ]),
  ...ACTIVITY_FIELDS.flatMap((field) =>
    [
      { field, from: null, to: "2026-02-01" },
      { field, from: "2026-02-01", to: "2026-02-03" },
      { field, from: "2026-02-01", to: null },
      { field, from: null, to: "PO-1", label: "PO number" },
    ].map((params): [string, Record<string, unknown>] => [SHIPMENT_ACTIVITY.fieldChanged, params]),
  ),
  [SHIPMENT_ACTIVITY.archived, {}],
  [SHIPMENT_ACTIVITY.unarchived, {}],
  [SHIPMENT_ACTIVITY.movedTeam, { fromTeamName: "Tokyo", toTeamName: "Osaka" }],
  [SHIPMENT_ACTIVITY.shareLinkReset, {}],
  [SHIPMENT_ACTIVITY.shareLinkRevoked, {}],
  [SHIPMENT_ACTIVITY.shareLinkCreated, {}],
  ["tracking.refreshRequested", {}],
  ...[
    "NOT_FOUND",
    "INVALID_NUMBER",
    "CANCELLED",
    "CARRIER_UNAVAILABLE",
    "RATE_LIMITED",
    "BAD_PAYLOAD",
    "NEW",
  ].map((reason): [string, Record<string, unknown>] => ["tracking.failing", { reason, failures: 3 }]),
  ["tracking.autoArchived", { reason: "AFTER_DELIVERY", days: 7, basis: "ETA" }],
  ...["CANCELLED", "NOT_FOUND", "INVALID_NUMBER", "SOMETHING"].map(
    (reason): [string, Record<string, unknown>] => ["tracking.autoArchived", { reason }],
  ),
  ["something.new", { anything: 1 }],
  [SHIPMENT_ACTIVITY.created, {}],
  [SHIPMENT_ACTIVITY.fieldChanged, { field: "password", from: "a", to: "b" }],
];

describe("activityMessage", () => {
  it.each(SAMPLES)("%s %j: a key of both languages, with every placeholder filled", (kind, params) => {
    const { key, params: values } = activityMessage(kind, params);
    for (const messages of [en, ja]) {
      const text = lookup(messages as unknown as Tree, key);
      expect(text, `${key} missing`).toBeDefined();
      for (const name of placeholders(text ?? ""))
        expect(values, `${key} needs ${name}`).toHaveProperty(name);
    }
  });

  it("picks the message from the kind, the type and the change", () => {
    expect(
      activityMessage(SHIPMENT_ACTIVITY.created, {
        shippingLine: "ONE",
        trackingType: "CONTAINER_NUMBER",
        trackingNumber: "TGHU1",
      }),
    ).toEqual({
      key: "activities.created.CONTAINER_NUMBER",
      params: { shippingLine: "ONE (Ocean Network Express)", trackingNumber: "TGHU1" },
    });
    expect(
      activityMessage(SHIPMENT_ACTIVITY.fieldChanged, {
        field: "requestedEta",
        from: "2026-02-01",
        to: null,
      }),
    ).toEqual({ key: "activities.requestedEta.cleared", params: { from: "2026-02-01", to: "" } });
    expect(
      activityMessage(SHIPMENT_ACTIVITY.fieldChanged, {
        field: "customField2",
        from: "A",
        to: "B",
        label: "PO",
      }),
    ).toEqual({
      key: "activities.customField.changed",
      params: { label: "PO", from: "A", to: "B" },
    });
    expect(activityMessage("tracking.failing", { reason: "RATE_LIMITED", failures: 2 }).key).toBe(
      "activities.trackingFailing.RATE_LIMITED",
    );
    expect(activityMessage("tracking.autoArchived", { reason: "AFTER_DELIVERY", days: 7 })).toEqual({
      key: "tracking.activities.autoArchived.AFTER_DELIVERY",
      params: { days: 7 },
    });
    expect(activityMessage("unheard.of", {}).key).toBe("activities.updated");
  });
});
