import { describe, expect, it } from "vitest";
import { OPERATORS_BY_FIELD_TYPE, SEARCH_OPERATORS } from "../enums";
import {
  ColumnSetting,
  SavedSearch,
  SearchCondition,
  SHIPMENT_SEARCH_FIELDS,
  searchConditionSchema,
} from "./search";
import { keysByPath, parsed, reported } from "./testkit";

describe("search conditions", () => {
  it("offer exactly the operators of the field's type", () => {
    for (const [field, type] of Object.entries(SHIPMENT_SEARCH_FIELDS)) {
      for (const operator of SEARCH_OPERATORS) {
        const allowed = OPERATORS_BY_FIELD_TYPE[type].includes(operator);
        const keys = keysByPath(SearchCondition, { field, operator, value: "x" }).operator;
        expect({ field, operator, refused: keys !== undefined }).toEqual({
          field,
          operator,
          refused: !allowed,
        });
        if (!allowed) expect(keys).toEqual(["validation.operatorNotAllowed"]);
      }
    }
  });

  it("refuses unknown fields", () => {
    expect(keysByPath(SearchCondition, { field: "password", operator: "IS", value: "x" })).toEqual({
      field: ["validation.unknownField"],
    });
  });

  it("BETWEEN needs two values", () => {
    const between = (value: unknown) =>
      reported(SearchCondition, { field: "delayDays", operator: "BETWEEN", value });
    expect(between([1, 5])).toEqual([]);
    expect(between(["1", "5"])).toEqual([]);
    for (const value of [[1], 1, [1, ""], [1, 2, 3], undefined]) {
      expect(between(value)).toEqual([
        { path: "value", key: "validation.betweenNeedsTwoValues", params: {} },
      ]);
    }
    expect(
      reported(SearchCondition, {
        field: "arrivalTime",
        operator: "BETWEEN",
        value: ["2025-01-01", "2025-02-30"],
      }),
    ).toEqual([{ path: "value.1", key: "validation.invalidDate", params: {} }]);
    expect(
      reported(SearchCondition, {
        field: "createdAt",
        operator: "BETWEEN",
        value: ["2025-01-01", "2025-01-31T12:00:00Z"],
      }),
    ).toEqual([]);
  });

  it("single-value operators take one value of the right kind", () => {
    expect(reported(SearchCondition, { field: "title", operator: "CONTAINS", value: "abc" })).toEqual([]);
    expect(keysByPath(SearchCondition, { field: "title", operator: "IS", value: ["a", "b"] })).toEqual({
      value: ["validation.singleValue"],
    });
    expect(keysByPath(SearchCondition, { field: "title", operator: "IS", value: " " })).toEqual({
      value: ["validation.valueRequired"],
    });
    expect(
      keysByPath(SearchCondition, { field: "delayDays", operator: "GREATER_THAN", value: "soon" }),
    ).toEqual({
      value: ["validation.numeric"],
    });
    expect(reported(SearchCondition, { field: "isFailing", operator: "IS", value: true })).toEqual([]);
    expect(keysByPath(SearchCondition, { field: "isFailing", operator: "IS", value: "true" })).toEqual({
      value: ["validation.invalid"],
    });
  });

  it("IS_EMPTY and NOT_EMPTY take no value", () => {
    expect(reported(SearchCondition, { field: "remark", operator: "IS_EMPTY" })).toEqual([]);
    expect(reported(SearchCondition, { field: "requestedEta", operator: "NOT_EMPTY", value: null })).toEqual(
      [],
    );
  });

  it("can check another field catalogue", () => {
    const schema = searchConditionSchema({ colour: "enum" });
    expect(reported(schema, { field: "colour", operator: "IS_NOT", value: "red" })).toEqual([]);
    expect(keysByPath(schema, { field: "title", operator: "IS", value: "x" })).toEqual({
      field: ["validation.unknownField"],
    });
  });
});

describe("saved searches and columns", () => {
  it("need a name that is not blank", () => {
    expect(keysByPath(SavedSearch, { name: "  ", conditions: [] })).toEqual({
      name: ["validation.savedSearchNameRequired"],
    });
    expect(
      parsed(SavedSearch, {
        name: " Late ",
        conditions: [{ field: "delayDays", operator: "GREATER_THAN", value: 2 }],
      }).name,
    ).toBe("Late");
  });

  it("report the condition that is wrong", () => {
    expect(
      keysByPath(SavedSearch, {
        name: "x",
        conditions: [{ field: "delayDays", operator: "BETWEEN", value: [1] }],
      }),
    ).toEqual({
      "conditions.0.value": ["validation.betweenNeedsTwoValues"],
    });
  });

  it("keep columns at least 100 wide", () => {
    expect(reported(ColumnSetting, { id: "title", width: 100, isVisible: true })).toEqual([]);
    expect(reported(ColumnSetting, { id: "title", width: 99, isVisible: true })).toEqual([
      { path: "width", key: "validation.columnWidthMin", params: { min: 100 } },
    ]);
  });
});
