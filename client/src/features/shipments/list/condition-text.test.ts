import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage, i18n } from "../../../lib/i18n";
import { conditionText } from "./condition-text";

const t = i18n.t.bind(i18n);

describe("condition chips", () => {
  afterEach(() => changeLanguage("en"));

  it("read as a sentence of field, operator and value(s)", async () => {
    await changeLanguage("en");
    expect(conditionText({ field: "title", operator: "CONTAINS", value: "Osaka" }, t)).toBe(
      "Title contains Osaka",
    );
    expect(
      conditionText({ field: "arrivalTime", operator: "BETWEEN", value: ["2026-02-01", "2026-02-28"] }, t),
    ).toBe("ETA is between 2026-02-01 and 2026-02-28");
    expect(conditionText({ field: "remark", operator: "IS_EMPTY" }, t)).toBe("Remarks is empty");
    expect(conditionText({ field: "isFailing", operator: "IS", value: true }, t)).toBe("Failing is Yes");
  });

  it("name codes and ids: liners, tracking types and owners picked from suggestions", async () => {
    await changeLanguage("en");
    expect(conditionText({ field: "shippingLine", operator: "IS_NOT", value: "HAPAGLLOYD" }, t)).toBe(
      "Liner is not Hapag-Lloyd",
    );
    expect(conditionText({ field: "trackingType", operator: "IS", value: "BILL_OF_LADING_NUMBER" }, t)).toBe(
      "Tracking Type is B/L No.",
    );
    const owners = new Map([["3f0c5b8e-0000-4000-8000-000000000001", "Kenji Mori"]]);
    expect(
      conditionText(
        { field: "owner", operator: "IS", value: "3f0c5b8e-0000-4000-8000-000000000001" },
        t,
        owners,
      ),
    ).toBe("Created by is Kenji Mori");
  });

  it("follow the Japanese word order", async () => {
    await changeLanguage("ja");
    expect(conditionText({ field: "title", operator: "CONTAINS", value: "大阪" }, t)).toBe(
      "タイトル（含む）大阪",
    );
    expect(conditionText({ field: "remark", operator: "NOT_EMPTY" }, t)).toBe("備考（空でない）");
  });
});
