import { describe, expect, it } from "vitest";
import { formValues, SettingsFormSchema } from "./settings-form";

const saved = {
  notificationEmail: "",
  minUpdateIntervalHoursEtd: 3,
  minUpdateIntervalHoursEta: 0,
  minUpdateIntervalHoursPlaceOfDeliveryEta: -1,
  transhipNotificationBehavior: "ALL",
  subscriptionSettingForNewShipment: "ALL",
  isCompletionEmailEnabled: true,
  includesRemarkToEmail: false,
  includesCustomField1ToEmail: false,
  includesCustomField2ToEmail: false,
  includesCustomField3ToEmail: false,
  timeZone: null,
};

describe("the notification settings form", () => {
  it("shows each threshold as its mode, with 3 hours ready when the hours mode is first chosen", () => {
    const values = formValues(saved);
    expect(values).toMatchObject({
      minUpdateIntervalHoursEtdMode: "hours",
      minUpdateIntervalHoursEtd: "3",
      minUpdateIntervalHoursEtaMode: "any",
      minUpdateIntervalHoursEta: "3",
      minUpdateIntervalHoursPlaceOfDeliveryEtaMode: "dateOnly",
      applyToExistingShipments: true,
      timeZone: "",
    });
    expect(formValues(saved, "Asia/Tokyo").timeZone).toBe("Asia/Tokyo");
    expect(formValues({ ...saved, timeZone: "Europe/Paris" }, "Asia/Tokyo").timeZone).toBe("Europe/Paris");
  });

  it("sends the special modes as 0 and -1 and the hours as a number", () => {
    const values = {
      ...formValues(saved),
      minUpdateIntervalHoursEtd: "12",
      notificationEmail: "a@x.co,b@y.co",
    };
    const result = SettingsFormSchema.safeParse(values);
    expect(result.success && result.data).toMatchObject({
      notificationEmail: "a@x.co, b@y.co",
      minUpdateIntervalHoursEtd: 12,
      minUpdateIntervalHoursEta: 0,
      minUpdateIntervalHoursPlaceOfDeliveryEta: -1,
      timeZone: null,
    });
  });

  it("asks for at least 1 hour in the hours mode, and ignores the hours in the other modes", () => {
    const bad = SettingsFormSchema.safeParse({ ...formValues(saved), minUpdateIntervalHoursEtd: "0" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ["minUpdateIntervalHoursEtd"],
      message: "validation.thresholdMin",
    });
    const ignored = SettingsFormSchema.safeParse({
      ...formValues(saved),
      minUpdateIntervalHoursEtaMode: "any",
      minUpdateIntervalHoursEta: "junk",
    });
    expect(ignored.success).toBe(true);
  });
});
