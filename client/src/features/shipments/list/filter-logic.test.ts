import { describe, expect, it } from "vitest";
import { draftToCondition, newDraft, sameCondition, withField, withOperator } from "./filter-logic";

describe("filter panel rules", () => {
  it("offers a field's first operator and keeps Add disabled without a value", () => {
    const d = newDraft("title");
    expect(d.operator).toBe("IS");
    expect(draftToCondition(d)).toBeNull();
    expect(draftToCondition({ ...d, value: "   " })).toBeNull();
    expect(draftToCondition({ ...d, value: "Tokyo" })).toEqual({
      field: "title",
      operator: "IS",
      value: "Tokyo",
    });
  });

  it("needs both values for BETWEEN and converts numbers", () => {
    const d = withOperator(withField("delayDays"), "BETWEEN");
    expect(draftToCondition({ ...d, value: "1" })).toBeNull();
    expect(draftToCondition({ ...d, value: "1", valueTo: "5" })).toEqual({
      field: "delayDays",
      operator: "BETWEEN",
      value: [1, 5],
    });
    expect(draftToCondition({ ...withField("delayDays"), value: "abc" })).toBeNull();
  });

  it("takes dates as YYYY-MM-DD and refuses impossible ones", () => {
    const d = withField("arrivalTime");
    expect(d.operator).toBe("BETWEEN");
    expect(draftToCondition({ ...d, value: "2026-02-01", valueTo: "2026-02-30" })).toBeNull();
    expect(draftToCondition({ ...d, value: "2026-02-01", valueTo: "2026-02-28" })?.value).toEqual([
      "2026-02-01",
      "2026-02-28",
    ]);
  });

  it("needs no value for IS_EMPTY / NOT_EMPTY and keeps one value when leaving BETWEEN", () => {
    expect(draftToCondition(withOperator(withField("remark"), "IS_EMPTY"))).toEqual({
      field: "remark",
      operator: "IS_EMPTY",
    });
    const between = { ...withOperator(withField("delayDays"), "BETWEEN"), value: "2", valueTo: "4" };
    const single = withOperator(between, "GREATER_THAN");
    expect(single).toMatchObject({ value: "2", valueTo: "" });
    expect(draftToCondition(single)).toEqual({ field: "delayDays", operator: "GREATER_THAN", value: 2 });
  });

  it("reads booleans and refuses operators a type does not offer", () => {
    expect(draftToCondition(withField("isFailing"))).toEqual({
      field: "isFailing",
      operator: "IS",
      value: true,
    });
    expect(draftToCondition({ ...withField("shippingLine"), operator: "CONTAINS", value: "ONE" })).toBeNull();
  });

  it("knows a duplicate condition", () => {
    expect(
      sameCondition(
        { field: "title", operator: "IS", value: "a" },
        { field: "title", operator: "IS", value: "a" },
      ),
    ).toBe(true);
    expect(
      sameCondition(
        { field: "title", operator: "IS", value: "a" },
        { field: "title", operator: "IS", value: "b" },
      ),
    ).toBe(false);
  });
});
