import { useTranslation } from "react-i18next";
import { Button } from "../components/ui/button";
import { AlertTriangleIcon } from "../components/ui/icons";
import { clearCacheAndReload } from "./clear-cache";

export interface CrashScreenProps {
  error: Error;
  componentStack?: string | undefined;
  /** Fill the whole window (top-level crash) rather than the shell's content region. */
  fullPage?: boolean;
}

function technicalDetails(error: Error, componentStack: string | undefined): string {
  const lines = [`${error.name}: ${error.message}`];
  if (error.stack) lines.push("", error.stack);
  if (componentStack) lines.push("", componentStack.trim());
  if (typeof window !== "undefined") lines.push("", window.location.href);
  return lines.join("\n");
}

export function CrashScreen({ error, componentStack, fullPage = false }: CrashScreenProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      aria-labelledby="crash-title"
      className={`flex justify-center px-4 ${fullPage ? "min-h-dvh items-center bg-slate-50 py-12" : "py-10"}`}
    >
      <section className="w-full max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex size-11 items-center justify-center rounded-full bg-red-50 text-red-600">
          <AlertTriangleIcon className="size-6" />
        </div>
        <h1 id="crash-title" className="mt-5 text-xl font-semibold text-slate-900">
          {t("crash.title")}
        </h1>
        <p className="mt-2 text-sm text-slate-600">{t("crash.notified")}</p>
        <p className="mt-1 text-sm text-slate-600">{t("crash.hint")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t("crash.reload")}
          </Button>
          <Button variant="secondary" onClick={() => void clearCacheAndReload()}>
            {t("crash.clearCacheAndRetry")}
          </Button>
        </div>
        <details className="group mt-6 rounded-lg border border-slate-200 bg-slate-50">
          <summary className="cursor-pointer select-none px-4 py-2.5 text-sm font-medium text-slate-700 hover:text-slate-900">
            {t("crash.details")}
          </summary>
          <pre className="max-h-72 overflow-auto border-t border-slate-200 px-4 py-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words text-slate-700">
            {technicalDetails(error, componentStack)}
          </pre>
        </details>
      </section>
    </div>
  );
}
