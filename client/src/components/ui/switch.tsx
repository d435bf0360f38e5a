import * as SwitchPrimitive from "@radix-ui/react-switch";
import { type ReactNode, useId } from "react";

export interface SwitchFieldProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Why the switch cannot be changed; shown under the description and read with the switch. */
  disabledReason?: ReactNode;
  /** Shown next to the label (a Premium Only badge). */
  badge?: ReactNode;
  pending?: boolean;
  /** A fuller name for assistive tech when several switches share a short visible label. */
  accessibleLabel?: string;
}

/**
 * An on/off setting on Radix Switch: a button with role="switch" (WAI-ARIA), toggled with Space or
 * Enter, named by its label and described by its help text.
 */
export function SwitchField({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  disabledReason,
  badge,
  pending,
  accessibleLabel,
}: SwitchFieldProps) {
  const id = useId();
  const describedBy =
    [description ? `${id}-description` : "", disabled && disabledReason ? `${id}-reason` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={id} className="text-sm font-medium text-slate-900">
            {label}
          </label>
          {badge}
        </div>
        {description ? (
          <p id={`${id}-description`} className="mt-0.5 text-sm text-slate-600">
            {description}
          </p>
        ) : null}
        {disabled && disabledReason ? (
          <p id={`${id}-reason`} className="mt-1 text-xs text-slate-500">
            {disabledReason}
          </p>
        ) : null}
      </div>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-label={accessibleLabel}
        aria-describedby={describedBy}
        aria-busy={pending || undefined}
        disabled={disabled || pending}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-blue-700"
      >
        <SwitchPrimitive.Thumb className="inline-block size-5 translate-x-0.5 rounded-full bg-white shadow ring-0 transition-transform data-[state=checked]:translate-x-[22px]" />
      </SwitchPrimitive.Root>
    </div>
  );
}
