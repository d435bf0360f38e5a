import { type ReactNode, useId } from "react";
import { describedBy, FieldMessages } from "./field";

export interface CheckboxListFieldProps {
  legend: string;
  options: { value: string; label: string; detail?: string }[];
  value: readonly string[];
  onValueChange: (value: string[]) => void;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown instead of the list when there is nothing to choose. */
  emptyText?: string;
  className?: string;
}

/**
 * A multi-select as a list of checkboxes in a fieldset: every choice is visible, reachable with Tab
 * and toggled with Space, and the legend names the group for screen readers.
 */
export function CheckboxListField({
  legend,
  options,
  value,
  onValueChange,
  error,
  hint,
  emptyText,
  className,
}: CheckboxListFieldProps) {
  const id = useId();
  const toggle = (option: string, on: boolean) =>
    onValueChange(on ? [...value, option] : value.filter((v) => v !== option));
  return (
    <fieldset
      // Focusable so a form can move focus to the first field that needs attention.
      tabIndex={-1}
      className={`outline-none ${className ?? ""}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
    >
      <legend className="block text-sm font-medium text-slate-800">{legend}</legend>
      {options.length === 0 ? (
        <p className="mt-1.5 rounded-md border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-500">
          {emptyText}
        </p>
      ) : (
        <ul
          className={`mt-1.5 max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-md border ${error ? "border-red-500" : "border-slate-300"}`}
        >
          {options.map((option) => {
            const optionId = `${id}-${option.value}`;
            return (
              <li key={option.value} className="flex items-start gap-2.5 px-3 py-2">
                <input
                  id={optionId}
                  type="checkbox"
                  checked={value.includes(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                  className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-blue-700"
                />
                <label htmlFor={optionId} className="min-w-0 text-sm text-slate-800">
                  <span className="block truncate">{option.label}</span>
                  {option.detail ? (
                    <span className="block truncate text-xs text-slate-500">{option.detail}</span>
                  ) : null}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <FieldMessages id={id} hint={hint} error={error} />
    </fieldset>
  );
}
