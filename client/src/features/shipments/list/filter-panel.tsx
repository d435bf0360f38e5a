import { Funnel } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  operatorsFor,
  type SearchCondition,
  type ShipmentSearchField,
} from "../../../../../shared/schemas/search";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/field";
import { DecorativeIcon, type IconProps, XIcon } from "../../../components/ui/icons";
import { PlusIcon } from "../../../components/ui/icons-actions";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover";
import { conditionText, type ValueLabels } from "./condition-text";
import {
  draftToCondition,
  type FilterDraft,
  fieldTypeOf,
  newDraft,
  SEARCH_FIELD_NAMES,
  sameCondition,
  withField,
  withOperator,
} from "./filter-logic";
import { FilterValue } from "./filter-value";

function FilterIcon(props: IconProps) {
  return <DecorativeIcon icon={Funnel} {...props} />;
}

/** The applied conditions as removable chips. */
export function ConditionChips({
  conditions,
  labels,
  onRemove,
}: {
  conditions: readonly SearchCondition[];
  labels: ValueLabels;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  if (conditions.length === 0) return null;
  return (
    <ul aria-label={t("shipmentList.filters.active")} className="flex flex-wrap gap-1.5">
      {conditions.map((c, index) => {
        const text = conditionText(c, t, labels);
        return (
          <li
            key={`${c.field}-${c.operator}-${JSON.stringify(c.value)}`}
            className="inline-flex max-w-full items-center gap-1 rounded-full bg-blue-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-blue-900 ring-1 ring-blue-200 ring-inset"
          >
            <span className="truncate">{text}</span>
            <button
              type="button"
              onClick={() => onRemove(index)}
              aria-label={t("shipmentList.filters.remove", { condition: text })}
              className="rounded-full p-0.5 text-blue-700 hover:bg-blue-100"
            >
              <XIcon className="size-3.5" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The column-filter conditions panel (spec 01 §5): field, then an operator of the field's type,
 * then the value(s). Add stays disabled until the shared schema accepts the condition.
 */
export function FilterPanel({
  conditions,
  teamId,
  onAdd,
  onClear,
  onLabel,
}: {
  conditions: readonly SearchCondition[];
  teamId: string | null;
  onAdd: (condition: SearchCondition) => void;
  onClear: () => void;
  onLabel: (value: string, label: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<FilterDraft>(() => newDraft());
  const condition = draftToCondition(draft);
  const duplicate = condition !== null && conditions.some((c) => sameCondition(c, condition));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!condition || duplicate) return;
    onAdd(condition);
    setDraft(newDraft(draft.field));
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button size="md" aria-pressed={conditions.length > 0}>
          <FilterIcon />
          {conditions.length > 0
            ? t("shipmentList.filters.buttonCount", { count: conditions.length })
            : t("shipmentList.filters.button")}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        className="w-[min(26rem,calc(100vw-2rem))] p-4"
        aria-labelledby={`${id}-title`}
      >
        <h2 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {t("shipmentList.filters.title")}
        </h2>
        <form onSubmit={submit} className="mt-3 space-y-3">
          <div className="flex gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor={`${id}-field`} className="block text-xs font-medium text-slate-600">
                {t("shipmentList.filters.field")}
              </label>
              <select
                id={`${id}-field`}
                value={draft.field}
                onChange={(event) => setDraft(withField(event.target.value as ShipmentSearchField))}
                className={`${inputClasses} mt-1 border-slate-300`}
              >
                {SEARCH_FIELD_NAMES.map((field) => (
                  <option key={field} value={field}>
                    {t(`shipment.fields.${field}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="min-w-0 flex-1">
              <label htmlFor={`${id}-operator`} className="block text-xs font-medium text-slate-600">
                {t("shipmentList.filters.operator")}
              </label>
              <select
                id={`${id}-operator`}
                value={draft.operator}
                onChange={(event) =>
                  setDraft(withOperator(draft, event.target.value as FilterDraft["operator"]))
                }
                className={`${inputClasses} mt-1 border-slate-300`}
              >
                {operatorsFor(fieldTypeOf(draft.field)).map((operator) => (
                  <option key={operator} value={operator}>
                    {t(`shipmentList.operators.${operator}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <FilterValue draft={draft} teamId={teamId} onChange={setDraft} onLabel={onLabel} />
          {duplicate ? <p className="text-xs text-slate-600">{t("shipmentList.filters.duplicate")}</p> : null}
          <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
            <Button variant="ghost" size="sm" onClick={onClear} disabled={conditions.length === 0}>
              {t("shipmentList.filters.clearAll")}
            </Button>
            <Button type="submit" variant="primary" size="sm" disabled={!condition || duplicate}>
              <PlusIcon className="size-4" />
              {t("shipmentList.filters.add")}
            </Button>
          </div>
        </form>
        {conditions.length === 0 ? (
          <p className="mt-3 text-xs text-slate-500">{t("shipmentList.filters.none")}</p>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
