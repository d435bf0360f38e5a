import { describe, expect, it } from "vitest";
import { CreateTeamInput, CustomFieldSettings, CyberportCredentials, TeamBasicSettings } from "./teams";
import { keysByPath, parsed, reported } from "./testkit";

const switches = {
  enableInitialEtd: true,
  enableRequestedEtd: false,
  enableInitialEta: true,
  enableRequestedEta: false,
};

describe("team settings", () => {
  it("needs a name", () => {
    expect(keysByPath(CreateTeamInput, { name: "  " })).toEqual({ name: ["validation.required"] });
    expect(parsed(CreateTeamInput, { name: " My Team " })).toEqual({ name: "My Team" });
  });

  it("keeps days to archive at 1 or more, numeric and whole", () => {
    expect(
      parsed(TeamBasicSettings, { name: "T", daysToArchiveAfterDelivery: "1", ...switches })
        .daysToArchiveAfterDelivery,
    ).toBe(1);
    expect(
      parsed(TeamBasicSettings, { name: "T", daysToArchiveAfterDelivery: 30, ...switches })
        .daysToArchiveAfterDelivery,
    ).toBe(30);
    const key = (value: unknown) =>
      keysByPath(TeamBasicSettings, { name: "T", daysToArchiveAfterDelivery: value, ...switches })
        .daysToArchiveAfterDelivery;
    expect(key(0)).toEqual(["validation.daysToArchiveMin"]);
    expect(key("-3")).toEqual(["validation.daysToArchiveMin"]);
    expect(key("abc")).toEqual(["validation.numeric"]);
    expect(key("1.5")).toEqual(["validation.integer"]);
    expect(key("")).toEqual(["validation.required"]);
    expect(key(undefined)).toEqual(["validation.required"]);
  });

  it("needs the four switches", () => {
    expect(keysByPath(TeamBasicSettings, { name: "T", daysToArchiveAfterDelivery: 7 })).toEqual({
      enableInitialEtd: ["validation.required"],
      enableRequestedEtd: ["validation.required"],
      enableInitialEta: ["validation.required"],
      enableRequestedEta: ["validation.required"],
    });
  });
});

describe("custom field settings", () => {
  const off = { customField1Enabled: false, customField2Enabled: false, customField3Enabled: false };
  it("allow empty names on disabled fields", () => {
    expect(reported(CustomFieldSettings, off)).toEqual([]);
  });
  it("need a name on an enabled field", () => {
    expect(
      keysByPath(CustomFieldSettings, { ...off, customField2Enabled: true, customField2Name: " " }),
    ).toEqual({
      customField2Name: ["validation.required"],
    });
    expect(
      reported(CustomFieldSettings, { ...off, customField1Enabled: true, customField1Name: "PO" }),
    ).toEqual([]);
  });
});

describe("port-community credentials", () => {
  it("need all five values", () => {
    expect(Object.keys(keysByPath(CyberportCredentials, {})).sort()).toEqual([
      "cyberportAppId",
      "cyberportClientId",
      "cyberportClientSecret",
      "cyberportLoginPassword",
      "cyberportLoginUsername",
    ]);
  });
});
