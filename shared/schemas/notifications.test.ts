import { describe, expect, it } from "vitest";
import {
  NotificationEmail,
  NotificationSettings,
  NotificationThreshold,
  UpdateNotificationSettingsInput,
} from "./notifications";
import { keysByPath, parsed, reported } from "./testkit";

describe("notification e-mail", () => {
  it("takes several comma-separated addresses, normalised", () => {
    expect(parsed(NotificationEmail, "a@x.co,b@y.co , c@z.co")).toBe("a@x.co, b@y.co, c@z.co");
  });
  it("is empty for no notifications", () => {
    expect(parsed(NotificationEmail, "")).toBe("");
    expect(parsed(NotificationEmail, " , ")).toBe("");
  });
  it("names the first bad address", () => {
    expect(reported(NotificationEmail, "a@x.co, nope, also-bad")).toEqual([
      { path: "", key: "validation.invalidEmailAddress", params: { email: "nope" } },
    ]);
  });
});

describe("notification thresholds", () => {
  it.each([1, 3, 48, "3", 0, -1])("accepts %j", (value) =>
    expect(reported(NotificationThreshold, value)).toEqual([]),
  );
  it.each([-2, "-5"])("rejects %j below 1 that is not a special mode", (value) => {
    expect(reported(NotificationThreshold, value).map((r) => r.key)).toEqual(["validation.thresholdMin"]);
  });
  it("must be a number", () => {
    expect(reported(NotificationThreshold, "three").map((r) => r.key)).toEqual(["validation.numeric"]);
    expect(reported(NotificationThreshold, "").map((r) => r.key)).toEqual(["validation.required"]);
  });
});

describe("notification settings", () => {
  const full = {
    notificationEmail: "a@x.co",
    minUpdateIntervalHoursEtd: 3,
    minUpdateIntervalHoursEta: 0,
    minUpdateIntervalHoursPlaceOfDeliveryEta: -1,
    transhipNotificationBehavior: "ONLY_LAST_VESSEL",
    subscriptionSettingForNewShipment: "ONLYMINE",
    isCompletionEmailEnabled: true,
    includesRemarkToEmail: false,
    includesCustomField1ToEmail: false,
    includesCustomField2ToEmail: true,
    includesCustomField3ToEmail: false,
  };
  it("accepts a full form", () => expect(reported(NotificationSettings, full)).toEqual([]));
  it("checks enum values", () => {
    expect(
      keysByPath(NotificationSettings, {
        ...full,
        transhipNotificationBehavior: "SOME",
        subscriptionSettingForNewShipment: "",
      }),
    ).toEqual({
      transhipNotificationBehavior: ["validation.invalidOption"],
      subscriptionSettingForNewShipment: ["validation.required"],
    });
  });
  it("updates partially, with the apply-to-existing checkbox", () => {
    expect(
      parsed(UpdateNotificationSettingsInput, {
        subscriptionSettingForNewShipment: "NONE",
        applyToExistingShipments: true,
      }),
    ).toEqual({
      subscriptionSettingForNewShipment: "NONE",
      applyToExistingShipments: true,
    });
  });
});

describe("notification time zone", () => {
  it("takes an IANA zone or null", () => {
    expect(parsed(UpdateNotificationSettingsInput, { timeZone: "Asia/Tokyo" })).toEqual({
      timeZone: "Asia/Tokyo",
    });
    expect(parsed(UpdateNotificationSettingsInput, { timeZone: null })).toEqual({ timeZone: null });
  });
  it("refuses a zone that does not exist", () => {
    expect(keysByPath(UpdateNotificationSettingsInput, { timeZone: "Mars/Olympus" })).toEqual({
      timeZone: ["validation.invalidOption"],
    });
  });
});
