import type { ReactNode } from "react";
import { AlertTriangleIcon, CheckIcon } from "./icons";
import { InfoIcon } from "./icons-actions";

export type AlertTone = "info" | "warning" | "error" | "success";

const tones: Record<AlertTone, string> = {
  info: "border-blue-200 bg-blue-50 text-blue-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  error: "border-red-200 bg-red-50 text-red-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
};

export interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
  /** "alert" interrupts a screen reader; use it only for what just went wrong. */
  role?: "alert" | "status" | "note";
  actions?: ReactNode;
  className?: string;
}

/** A block message inside a page: warnings, failures and confirmations that stay in place. */
export function Alert({
  tone = "info",
  title,
  children,
  role = "note",
  actions,
  className = "",
}: AlertProps) {
  const Icon = tone === "success" ? CheckIcon : tone === "info" ? InfoIcon : AlertTriangleIcon;
  return (
    <div role={role} className={`flex gap-3 rounded-lg border px-4 py-3 text-sm ${tones[tone]} ${className}`}>
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? "mt-1" : ""}>{children}</div> : null}
        {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
