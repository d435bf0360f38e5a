import { useId } from "react";
import { useTranslation } from "react-i18next";
import { inputClasses } from "../../../components/ui/field";
import { type FilterDraft, fieldTypeOf, takesNoValue } from "./filter-logic";
import { SuggestionPicker } from "./suggestion-picker";

function ValueInput({
  label,
  type,
  value,
  onChange,
}: {
  label: string;
  type: "text" | "number" | "date";
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses} mt-1 border-slate-300`}
        {...(type === "number" ? { inputMode: "decimal" as const, step: "any" } : {})}
      />
    </div>
  );
}

/**
 * The value part of the draft: one or two inputs by the field's type (two for BETWEEN), a Yes/No
 * choice for booleans, and suggestions for text and enum fields (enums pick from them only).
 */
export function FilterValue({
  draft,
  teamId,
  onChange,
  onLabel,
}: {
  draft: FilterDraft;
  teamId: string | null;
  onChange: (draft: FilterDraft) => void;
  onLabel: (value: string, label: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (takesNoValue(draft.operator)) return null;
  const type = fieldTypeOf(draft.field);
  const set = (patch: Partial<FilterDraft>) => onChange({ ...draft, ...patch });

  if (type === "boolean") {
    return (
      <div>
        <label htmlFor={id} className="block text-xs font-medium text-slate-600">
          {t("shipmentList.filters.value")}
        </label>
        <select
          id={id}
          value={draft.value}
          onChange={(event) => set({ value: event.target.value })}
          className={`${inputClasses} mt-1 border-slate-300`}
        >
          <option value="true">{t("shipmentList.filters.yes")}</option>
          <option value="false">{t("shipmentList.filters.no")}</option>
        </select>
      </div>
    );
  }

  const inputType = type === "number" ? "number" : type === "date" || type === "timestamp" ? "date" : "text";
  const suggest = type === "text" || type === "enum";
  return (
    <div className="space-y-3">
      {draft.operator === "BETWEEN" ? (
        <div className="flex gap-2">
          <ValueInput
            label={t("shipmentList.filters.from")}
            type={inputType}
            value={draft.value}
            onChange={(value) => set({ value })}
          />
          <ValueInput
            label={t("shipmentList.filters.to")}
            type={inputType}
            value={draft.valueTo}
            onChange={(valueTo) => set({ valueTo })}
          />
        </div>
      ) : type === "enum" ? null : (
        <ValueInput
          label={t("shipmentList.filters.value")}
          type={inputType}
          value={draft.value}
          onChange={(value) => set({ value })}
        />
      )}
      {suggest ? (
        <SuggestionPicker
          field={draft.field}
          teamId={teamId}
          value={draft.value}
          onPick={(value, label) => {
            onLabel(value, label);
            set({ value });
          }}
        />
      ) : null}
    </div>
  );
}
