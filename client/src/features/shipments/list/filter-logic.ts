import type { SearchFieldType, SearchOperator } from "../../../../../shared/enums";
import {
  operatorsFor,
  SearchCondition,
  SHIPMENT_SEARCH_FIELDS,
  type ShipmentSearchField,
} from "../../../../../shared/schemas/search";

// The column-filter panel's rules (spec 01 §5), kept pure: which operators a field offers, how the
// typed values become a condition, and when Add may be pressed. The shared schema decides validity,
// so the panel and the server agree on every case.

export const SEARCH_FIELD_NAMES = Object.keys(SHIPMENT_SEARCH_FIELDS) as ShipmentSearchField[];

export interface FilterDraft {
  field: ShipmentSearchField;
  operator: SearchOperator;
  /** The value, or a BETWEEN's start. */
  value: string;
  /** A BETWEEN's end. */
  valueTo: string;
}

export function fieldTypeOf(field: ShipmentSearchField): SearchFieldType {
  return SHIPMENT_SEARCH_FIELDS[field];
}

export function takesNoValue(operator: SearchOperator): boolean {
  return operator === "IS_EMPTY" || operator === "NOT_EMPTY";
}

export function newDraft(field: ShipmentSearchField = "title"): FilterDraft {
  const operator = operatorsFor(fieldTypeOf(field))[0] ?? "IS";
  return { field, operator, value: fieldTypeOf(field) === "boolean" ? "true" : "", valueTo: "" };
}

/** A new field resets the operator and values; they belong to the old field's type. */
export function withField(field: ShipmentSearchField): FilterDraft {
  return newDraft(field);
}

/** A new operator keeps the first value (single-value operators keep one; BETWEEN adds the end). */
export function withOperator(draft: FilterDraft, operator: SearchOperator): FilterDraft {
  if (takesNoValue(operator)) return { ...draft, operator, value: "", valueTo: "" };
  return { ...draft, operator, valueTo: operator === "BETWEEN" ? draft.valueTo : "" };
}

function typed(type: SearchFieldType, raw: string): string | number | boolean {
  if (type === "number") return raw.trim() === "" ? raw : Number(raw);
  if (type === "boolean") return raw === "true";
  return type === "text" || type === "longtext" ? raw : raw.trim();
}

/** The condition the draft stands for, or null while it is not complete and valid (Add disabled). */
export function draftToCondition(draft: FilterDraft): SearchCondition | null {
  const type = fieldTypeOf(draft.field);
  const value = takesNoValue(draft.operator)
    ? undefined
    : draft.operator === "BETWEEN"
      ? [typed(type, draft.value), typed(type, draft.valueTo)]
      : typed(type, draft.value);
  if (typeof value === "string" && value.trim() === "") return null;
  const parsed = SearchCondition.safeParse({ field: draft.field, operator: draft.operator, value });
  return parsed.success ? parsed.data : null;
}

/** Two conditions are the same filter (adding it twice would change nothing). */
export function sameCondition(a: SearchCondition, b: SearchCondition): boolean {
  return (
    a.field === b.field && a.operator === b.operator && JSON.stringify(a.value) === JSON.stringify(b.value)
  );
}
