import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";
import { ERROR_TOAST_MS } from "../../../../shared/constants";

export type ToastKind = "error" | "success";

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  durationMs: number;
}

export interface Toaster {
  /** Server and validation failures: shown for ERROR_TOAST_MS (spec 01 §8, §9). */
  error: (message: string) => void;
  success: (message: string) => void;
}

/** Success messages only confirm what the user just did; they may go sooner than errors. */
export const SUCCESS_TOAST_MS = 5000;

const ToastContext = createContext<Toaster | null>(null);

/**
 * Escape presses that a toast let pass. Radix makes every toast the topmost dismissable layer, so
 * a toast shown while a dialog is open would take the dialog's Escape: an Escape closes a toast
 * only while focus is in the notifications (F8), and otherwise goes to the dialog that has focus
 * (docs/decisions/0085-radix-toast.md).
 */
const escapesLeftByToasts = new WeakSet<Event>();

/** True for an Escape that a toast did not act on: the dialog holding focus should close. */
export function isEscapeLeftByToast(event: Event): boolean {
  return escapesLeftByToasts.has(event);
}

/** A toast's onEscapeKeyDown: acts only when focus is in the notifications list. */
export function leaveEscapeUnlessInToasts(event: KeyboardEvent): void {
  if (document.activeElement?.closest("[data-toasts]")) return;
  event.preventDefault();
  escapesLeftByToasts.add(event);
}

// The list and its Radix code arrive with the first toast (toast-region.tsx).
const ToastRegion = lazy(async () => ({ default: (await import("./toast-region")).ToastRegion }));

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  // Once shown, the list stays (empty between toasts), as Radix's viewport and its F8 hotkey expect.
  const [regionWanted, setRegionWanted] = useState(false);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const push = useCallback((kind: ToastKind, message: string, durationMs: number) => {
    setRegionWanted(true);
    setToasts((list) => {
      // The same failure twice (a double click, a retry) is one message, not a stack.
      if (list.some((t) => t.kind === kind && t.message === message)) return list;
      return [...list.slice(-3), { id: nextId.current++, kind, message, durationMs }];
    });
  }, []);
  const toaster = useMemo<Toaster>(
    () => ({
      error: (message) => push("error", message, ERROR_TOAST_MS),
      success: (message) => push("success", message, SUCCESS_TOAST_MS),
    }),
    [push],
  );

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      {regionWanted ? (
        <Suspense fallback={null}>
          <ToastRegion toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

const fallback: Toaster = {
  error: (message) => console.error(message),
  success: () => {},
};

/** The toaster; outside a ToastProvider (isolated component tests) messages go to the console. */
export function useToast(): Toaster {
  return useContext(ToastContext) ?? fallback;
}
