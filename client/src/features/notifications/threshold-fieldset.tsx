import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FieldMessages, inputClasses } from "../../components/ui/field";
import { THRESHOLD_MODES, type ThresholdMode } from "./settings-form";

/**
 * One threshold (ETD, ETA or place-of-delivery ETA): three radio modes in a fieldset named by the
 * field, the hours input enabled only in the hours mode.
 */
export function ThresholdFieldset({
  label,
  mode,
  hours,
  error,
  onModeChange,
  onHoursChange,
}: {
  label: string;
  mode: ThresholdMode;
  hours: string;
  error: string | undefined;
  onModeChange: (mode: ThresholdMode) => void;
  onHoursChange: (hours: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const modeLabel: Record<ThresholdMode, string> = {
    any: t("notifications.thresholds.any"),
    hours: t("notifications.thresholds.hours"),
    dateOnly: t("notifications.thresholds.dateOnly"),
  };
  return (
    <fieldset className="rounded-lg border border-slate-200 px-4 py-3">
      <legend className="px-1 text-sm font-medium text-slate-900">{label}</legend>
      <div className="grid gap-2">
        {THRESHOLD_MODES.map((value) => (
          <div key={value} className="flex flex-wrap items-center gap-2.5">
            <input
              id={`${id}-${value}`}
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => onModeChange(value)}
              className="size-4 accent-blue-700"
            />
            <label htmlFor={`${id}-${value}`} className="text-sm text-slate-700">
              {modeLabel[value]}
            </label>
            {value === "hours" ? (
              <span className="flex items-center gap-2">
                <input
                  id={`${id}-hours`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={hours}
                  disabled={mode !== "hours"}
                  onChange={(event) => onHoursChange(event.target.value)}
                  aria-label={t("notifications.thresholds.hoursLabel", { field: label })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-hours-error` : undefined}
                  className={`${inputClasses} w-24 ${error ? "border-red-500" : "border-slate-300"}`}
                />
                <span className="text-sm text-slate-600">{t("notifications.thresholds.hoursUnit")}</span>
              </span>
            ) : null}
          </div>
        ))}
      </div>
      <FieldMessages id={`${id}-hours`} error={error} />
    </fieldset>
  );
}

/** A radio group of enum values, in a fieldset named by its legend. */
export function RadioGroupField<T extends string>({
  legend,
  hint,
  name,
  options,
  value,
  onValueChange,
}: {
  legend: string;
  hint?: string;
  name: string;
  options: { value: T; label: string }[];
  value: string;
  onValueChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 grid gap-2">
        {options.map((option) => (
          <div key={option.value} className="flex items-center gap-2.5">
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onValueChange(option.value)}
              className="size-4 accent-blue-700"
            />
            <label htmlFor={`${id}-${option.value}`} className="text-sm text-slate-700">
              {option.label}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
