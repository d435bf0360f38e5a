import type { ButtonHTMLAttributes, ReactNode } from "react";
import { TrashIcon } from "./icons-actions";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "icon";

const base =
  "inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors " +
  "disabled:pointer-events-none disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 " +
  "focus-visible:outline-blue-600";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-blue-700 text-white shadow-sm hover:bg-blue-800",
  secondary:
    "border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 hover:text-slate-900",
  ghost: "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  icon: "size-9",
};

/** Classes for anything that should look like a button (links included). */
export function buttonClasses(
  variant: ButtonVariant = "secondary",
  size: ButtonSize = "md",
  extra = "",
): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

/** A form's primary submit button: disabled and marked busy while the form is submitting. */
export function SubmitButton({
  submitting,
  disabled = false,
  ...props
}: Omit<ButtonProps, "type" | "variant"> & { submitting: boolean }) {
  return (
    <Button
      type="submit"
      variant="primary"
      disabled={submitting || disabled}
      aria-busy={submitting || undefined}
      {...props}
    />
  );
}

/** A table row's destructive action: red ghost button with a trash icon; `label` names the row. */
export function RemoveButton({
  label,
  children,
  onClick,
}: {
  label: string;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={label}
      onClick={onClick}
      className="text-red-700 hover:bg-red-50 hover:text-red-800"
    >
      <TrashIcon className="size-4" />
      {children}
    </Button>
  );
}
