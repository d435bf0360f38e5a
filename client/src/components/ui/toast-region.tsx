import * as ToastPrimitive from "@radix-ui/react-toast";
import { useTranslation } from "react-i18next";
import { AlertTriangleIcon, CheckIcon, XIcon } from "./icons";
import { leaveEscapeUnlessInToasts, type ToastItem } from "./toast";

// The shown toasts and their list, built on Radix Toast. ToastProvider (toast.tsx) loads this with
// the first toast, so a page that shows none (the sign-in page, usually) never downloads Radix's
// toast code (docs/decisions/0029-console-delivery.md); once loaded it stays, with F8 to the list.

function ToastCard({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const isError = toast.kind === "error";
  return (
    // Radix pauses the timer while the list is pointed at or focused, closes on Escape and on a
    // swipe to the right, and announces the text once through its own live region (assertive
    // for errors, which interrupt; polite for confirmations).
    <ToastPrimitive.Root
      duration={toast.durationMs}
      type={isError ? "foreground" : "background"}
      onOpenChange={(open) => {
        if (!open) onDismiss(toast.id);
      }}
      onEscapeKeyDown={leaveEscapeUnlessInToasts}
      data-kind={toast.kind}
      className={`pointer-events-auto flex w-full touch-none items-start gap-3 rounded-lg border bg-white px-4 py-3 shadow-lg shadow-slate-900/10 outline-none focus-visible:ring-2 focus-visible:ring-sky-600 data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
        isError ? "border-red-200" : "border-emerald-200"
      }`}
    >
      <span aria-hidden="true" className={`mt-0.5 ${isError ? "text-red-600" : "text-emerald-600"}`}>
        {isError ? <AlertTriangleIcon className="size-5" /> : <CheckIcon className="size-5" />}
      </span>
      {/* The kind in words, for those who do not see the icon's colour (WCAG 1.4.1). */}
      <ToastPrimitive.Title className="sr-only">
        {t(isError ? "common.toast.error" : "common.toast.success")}
      </ToastPrimitive.Title>
      <ToastPrimitive.Description className="min-w-0 flex-1 text-sm text-slate-800">
        {toast.message}
      </ToastPrimitive.Description>
      <ToastPrimitive.Close
        aria-label={t("common.close")}
        className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded text-slate-500 hover:text-slate-800"
      >
        <XIcon className="size-4" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

/** The key that moves focus to the notifications list (Radix's default, named here for the label). */
const TOAST_HOTKEY = ["F8"];

/** The Radix provider, the toasts and the viewport (the notifications list). */
export function ToastRegion({
  toasts,
  onDismiss,
}: {
  toasts: readonly ToastItem[];
  onDismiss: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Provider label={t("common.toast.announce")} swipeDirection="right">
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
      {/* F8 moves focus to the list, named in the page's language. */}
      <ToastPrimitive.Viewport
        data-toasts=""
        hotkey={TOAST_HOTKEY}
        label={t("common.toast.viewport", { hotkey: TOAST_HOTKEY.join("+") })}
        className="pointer-events-none fixed right-4 bottom-4 z-[60] m-0 flex w-[min(24rem,calc(100vw-2rem))] list-none flex-col gap-2 p-0 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
