import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import { XIcon } from "./icons";
import { useReturnFocus } from "./return-focus";
import { isEscapeLeftByToast } from "./toast";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** "alertdialog" for confirmations that interrupt the user (WAI-ARIA). */
  role?: "dialog" | "alertdialog";
  /** Shows the close button in the corner. */
  closeLabel?: string;
  /** "lg" for dialogs holding a form with lists (invite, add members). */
  size?: "md" | "lg";
}

const widths = { md: "w-[min(28rem,calc(100vw-2rem))]", lg: "w-[min(36rem,calc(100vw-2rem))]" };

/**
 * A centred modal; focus trapping and Escape are Radix's own. Focus returns to what opened it
 * (return-focus.ts), since these dialogs are opened from state rather than a Radix Trigger.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  role,
  closeLabel,
  size = "md",
}: DialogProps) {
  const onCloseAutoFocus = useReturnFocus(open);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <DialogPrimitive.Content
          // Radix gives role="dialog" itself; an explicit undefined would remove it.
          {...(role ? { role } : {})}
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={onCloseAutoFocus}
          onKeyDown={(event) => {
            if (event.key === "Escape" && isEscapeLeftByToast(event.nativeEvent)) onOpenChange(false);
          }}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl outline-none`}
        >
          <DialogPrimitive.Title className="pr-8 text-lg font-semibold text-slate-900">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            // A div, so a description may hold paragraphs and lists.
            <DialogPrimitive.Description asChild>
              <div className="mt-2 space-y-2 text-sm text-slate-600">{description}</div>
            </DialogPrimitive.Description>
          ) : null}
          {children}
          {closeLabel ? (
            <DialogPrimitive.Close
              aria-label={closeLabel}
              className="absolute top-4 right-4 rounded p-1 text-slate-400 hover:text-slate-700"
            >
              <XIcon className="size-5" />
            </DialogPrimitive.Close>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  destructive?: boolean;
  /** Extra content between the message and the buttons (a field to type a name into). */
  children?: ReactNode;
  /** Keeps the confirm button off until `children` are satisfied. */
  confirmDisabled?: boolean;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, body, confirmLabel, cancelLabel, onConfirm, pending, destructive } =
    props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={body} role="alertdialog">
      {props.children}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <DialogPrimitive.Close asChild>
          <Button variant="secondary">{cancelLabel}</Button>
        </DialogPrimitive.Close>
        <Button
          variant={destructive ? "danger" : "primary"}
          onClick={onConfirm}
          disabled={pending || props.confirmDisabled}
          aria-busy={pending || undefined}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/** A form dialog's footer: Cancel, and the submit button that shows the pending state. */
export function DialogActions({
  onCancel,
  submitLabel,
  pending,
}: {
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-3">
      <Button variant="secondary" onClick={onCancel}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" variant="primary" disabled={pending} aria-busy={pending || undefined}>
        {submitLabel}
      </Button>
    </div>
  );
}
