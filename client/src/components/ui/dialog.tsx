import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Button } from "./button";
import { XIcon } from "./icons";

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
}

/** A centred modal; focus trapping, Escape and return of focus are Radix's own. */
export function Dialog({ open, onOpenChange, title, description, children, role, closeLabel }: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <DialogPrimitive.Content
          // Radix gives role="dialog" itself; an explicit undefined would remove it.
          {...(role ? { role } : {})}
          {...(description ? {} : { "aria-describedby": undefined })}
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl outline-none"
        >
          <DialogPrimitive.Title className="pr-8 text-lg font-semibold text-slate-900">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-2 text-sm text-slate-600">
              {description}
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
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, body, confirmLabel, cancelLabel, onConfirm, pending, destructive } =
    props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={body} role="alertdialog">
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <DialogPrimitive.Close asChild>
          <Button variant="secondary">{cancelLabel}</Button>
        </DialogPrimitive.Close>
        <Button
          variant={destructive ? "danger" : "primary"}
          onClick={onConfirm}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
