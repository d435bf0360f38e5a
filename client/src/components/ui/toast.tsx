import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { ERROR_TOAST_MS } from "../../../../shared/constants";
import { AlertTriangleIcon, CheckIcon, XIcon } from "./icons";

export type ToastKind = "error" | "success";

interface ToastItem {
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

function ToastCard({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.durationMs);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, toast.id, onDismiss]);

  const isError = toast.kind === "error";
  return (
    // Pausing while pointed at or focused gives people time to read and to reach the close button.
    <li
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border bg-white px-4 py-3 shadow-lg shadow-slate-900/10 ${
        isError ? "border-red-200" : "border-emerald-200"
      }`}
    >
      <span className={`mt-0.5 ${isError ? "text-red-600" : "text-emerald-600"}`}>
        {isError ? <AlertTriangleIcon className="size-5" /> : <CheckIcon className="size-5" />}
      </span>
      <p role={isError ? "alert" : "status"} className="min-w-0 flex-1 text-sm text-slate-800">
        {toast.message}
      </p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label={t("common.close")}
        className="-m-1 rounded p-1 text-slate-400 hover:text-slate-700"
      >
        <XIcon className="size-4" />
      </button>
    </li>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const push = useCallback((kind: ToastKind, message: string, durationMs: number) => {
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
      <ol className="pointer-events-none fixed right-4 bottom-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </ol>
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
