// Shipment list search conditions, saved searches and column settings (spec 01 §3, §5).

import { z } from "zod";
import { COLUMN_MIN_WIDTH } from "../constants";
import {
  OPERATORS_BY_FIELD_TYPE,
  SEARCH_OPERATORS,
  type SearchFieldType,
  type SearchOperator,
} from "../enums";
import { addIssue, booleanField, enumField, listOf, type MessageKey, msg, requiredString } from "./common";
import { isIsoDate, isTimestampOrDate } from "./dates";

/** The shipment fields the conditions panel offers, by type (which decides the operators). */
export const SHIPMENT_SEARCH_FIELDS = {
  title: "text",
  trackingNumber: "text",
  shippingLine: "enum",
  trackingType: "enum",
  remark: "longtext",
  customField1: "text",
  customField2: "text",
  customField3: "text",
  placeOfReceipt: "text",
  loadingPort: "text",
  dischargingPort: "text",
  placeOfDelivery: "text",
  vesselName: "text",
  vesselVoyage: "text",
  containerNumber: "text",
  owner: "enum",
  departureTime: "date",
  arrivalTime: "date",
  placeOfDeliveryEta: "date",
  requestedEtd: "date",
  requestedEta: "date",
  initialEtd: "date",
  initialEta: "date",
  delayDays: "number",
  etdDelayDays: "number",
  requestedEtdDelayDays: "number",
  requestedEtaDelayDays: "number",
  createdAt: "timestamp",
  lastScrapedAt: "timestamp",
  isFailing: "boolean",
} as const satisfies Record<string, SearchFieldType>;

export type ShipmentSearchField = keyof typeof SHIPMENT_SEARCH_FIELDS;

const NO_VALUE_OPERATORS: readonly SearchOperator[] = ["IS_EMPTY", "NOT_EMPTY"];

export function operatorsFor(type: SearchFieldType): readonly SearchOperator[] {
  return OPERATORS_BY_FIELD_TYPE[type];
}

type Scalar = string | number | boolean;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** The key of what is wrong with one value for a field type, or null when it fits. */
function valueProblem(type: SearchFieldType, value: Scalar): MessageKey | null {
  switch (type) {
    case "number":
      return typeof value === "number" || (typeof value === "string" && Number.isFinite(Number(value)))
        ? null
        : msg("validation.numeric");
    case "date":
      return typeof value === "string" && isIsoDate(value) ? null : msg("validation.invalidDate");
    case "timestamp":
      return typeof value === "string" && isTimestampOrDate(value) ? null : msg("validation.invalidDate");
    case "boolean":
      return typeof value === "boolean" ? null : msg("validation.invalid");
    default:
      return typeof value === "string" ? null : msg("validation.invalid");
  }
}

const ScalarValue = z.union([z.string(), z.number(), z.boolean()]);

/**
 * A condition {field, operator, value} checked against a field catalogue: the operator must suit
 * the field's type, BETWEEN takes exactly two values, IS_EMPTY/NOT_EMPTY none, the others one.
 */
export function searchConditionSchema(fields: Readonly<Record<string, SearchFieldType>>) {
  return z
    .object({
      field: requiredString({ max: 100 }),
      operator: enumField(SEARCH_OPERATORS),
      value: z
        .union([ScalarValue, listOf(ScalarValue), z.null()], { error: msg("validation.invalid") })
        .optional(),
    })
    .superRefine((condition, ctx) => {
      const type = Object.hasOwn(fields, condition.field) ? fields[condition.field] : undefined;
      if (type === undefined) {
        addIssue(ctx, msg("validation.unknownField"), { path: ["field"] });
        return;
      }
      if (!operatorsFor(type).includes(condition.operator)) {
        addIssue(ctx, msg("validation.operatorNotAllowed"), { path: ["operator"] });
        return;
      }
      if (NO_VALUE_OPERATORS.includes(condition.operator)) return;
      const { value } = condition;
      if (condition.operator === "BETWEEN") {
        if (!Array.isArray(value) || value.length !== 2 || value.some(isBlank)) {
          addIssue(ctx, msg("validation.betweenNeedsTwoValues"), { path: ["value"] });
          return;
        }
        value.forEach((v, i) => {
          const problem = valueProblem(type, v);
          if (problem) addIssue(ctx, problem, { path: ["value", i] });
        });
        return;
      }
      if (Array.isArray(value)) {
        addIssue(ctx, msg("validation.singleValue"), { path: ["value"] });
      } else if (value === undefined || value === null || isBlank(value)) {
        addIssue(ctx, msg("validation.valueRequired"), { path: ["value"] });
      } else {
        const problem = valueProblem(type, value);
        if (problem) addIssue(ctx, problem, { path: ["value"] });
      }
    });
}

export const SearchCondition = searchConditionSchema(SHIPMENT_SEARCH_FIELDS);
export type SearchCondition = z.output<typeof SearchCondition>;

export const SearchConditions = listOf(SearchCondition).max(50, { error: msg("validation.invalid") });

export const SavedSearch = z.object({
  name: requiredString({ max: 100, key: msg("validation.savedSearchNameRequired") }),
  conditions: SearchConditions,
});
export type SavedSearch = z.output<typeof SavedSearch>;

export const ColumnSetting = z.object({
  id: requiredString({ max: 100 }),
  width: z.number({ error: msg("validation.numeric") }).min(COLUMN_MIN_WIDTH, {
    error: msg("validation.columnWidthMin"),
  }),
  isVisible: booleanField(),
});
export type ColumnSetting = z.output<typeof ColumnSetting>;

/** shipmentSearchSuggestion(field, query, teamId); teamId null is the headquarters view. */
export const SearchSuggestionInput = z.object({
  field: z.enum(Object.keys(SHIPMENT_SEARCH_FIELDS) as [ShipmentSearchField, ...ShipmentSearchField[]], {
    error: msg("validation.unknownField"),
  }),
  query: z.string().max(200, { error: msg("validation.tooLong") }),
  teamId: z.guid({ error: msg("validation.invalidId") }).nullable(),
});
