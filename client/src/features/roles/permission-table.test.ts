// @vitest-environment node
import { describe, expect, it } from "vitest";
import { en } from "../../../../shared/i18n/en";
import { ja } from "../../../../shared/i18n/ja";
import { ACTIONS, type Action } from "../../../../shared/permissions";
import { ACTION_GROUPS, actionLabelKey, planGateOf } from "./permission-table";

function lookup(tree: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
}

describe("role permissions table", () => {
  it("lists every action of the shared matrix exactly once", () => {
    const listed = ACTION_GROUPS.flatMap((g) => g.actions);
    expect([...listed].sort()).toEqual([...ACTIONS].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it.each(ACTIONS)("has an English and a Japanese label for %s", (action: Action) => {
    expect(typeof lookup(en, actionLabelKey(action))).toBe("string");
    expect(typeof lookup(ja, actionLabelKey(action))).toBe("string");
  });

  it("names the plan condition of the gated actions", () => {
    expect(planGateOf("headquarters.view")).toBe("premium");
    expect(planGateOf("shipment.csvExport")).toBe("premium");
    expect(planGateOf("apiSettings.manage")).toBe("paid");
    expect(planGateOf("company.delete")).toBe("freeOnly");
    expect(planGateOf("shipment.create")).toBeUndefined();
  });
});
