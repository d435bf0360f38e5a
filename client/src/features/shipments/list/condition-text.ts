import type { TFunction } from "i18next";
import { TRACKING_TYPES } from "../../../../../shared/enums";
import type { SearchCondition } from "../../../../../shared/schemas/search";
import { linerLabel } from "../../../components/shipment/liner-name";
import { fieldTypeOf } from "./filter-logic";

/** Names of values that are ids or codes (owner ids from suggestions). */
export type ValueLabels = ReadonlyMap<string, string>;

function valueText(condition: SearchCondition, single: unknown, t: TFunction, labels: ValueLabels): string {
  const raw = String(single);
  if (condition.field === "shippingLine") return linerLabel(raw);
  if (condition.field === "trackingType" && (TRACKING_TYPES as readonly string[]).includes(raw)) {
    return t(`shipment.trackingTypes.${raw}`);
  }
  if (fieldTypeOf(condition.field as never) === "boolean") {
    return single === true || raw === "true" ? t("shipmentList.filters.yes") : t("shipmentList.filters.no");
  }
  return labels.get(raw) ?? raw;
}

/** "Title contains Tokyo", "ETA is between 2026-02-01 and 2026-02-28", "Remarks is empty". */
export function conditionText(
  condition: SearchCondition,
  t: TFunction,
  labels: ValueLabels = new Map(),
): string {
  const field = t(`shipment.fields.${condition.field}`);
  const operator = t(`shipmentList.operators.${condition.operator}`);
  const { value } = condition;
  if (value === undefined || value === null) return t("shipmentList.conditionNoValue", { field, operator });
  const text = Array.isArray(value)
    ? t("shipmentList.between", {
        from: valueText(condition, value[0], t, labels),
        to: valueText(condition, value[1], t, labels),
      })
    : valueText(condition, value, t, labels);
  return t("shipmentList.condition", { field, operator, value: text });
}
