import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { paths } from "../../app/paths";
import { Brand } from "../../app/shell/brand";
import { Alert } from "../../components/ui/alert";
import { buttonClasses } from "../../components/ui/button";
import { Spinner } from "../../components/ui/state";
import { errorText } from "../../lib/auth-api";
import { useDocumentTitle } from "../../lib/document-title";
import { trpc } from "../../lib/trpc";

type State =
  | { kind: "working" }
  | { kind: "done"; shipmentName: string }
  | { kind: "failed"; message: string };

/**
 * /app/unsubscribe?unsubscribeToken=… (spec 02 §2, §4): opening the page starts the unsubscribe,
 * ending in 'Successfully unsubscribed' or the error text. No session needed: the token decides.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  useDocumentTitle(t("notifications.unsubscribe.title"));
  const token = new URLSearchParams(useSearch()).get("unsubscribeToken")?.trim() ?? "";
  const unsubscribe = trpc.notifications.unsubscribe.useMutation();
  const [state, setState] = useState<State>(
    token ? { kind: "working" } : { kind: "failed", message: t("notifications.unsubscribe.missingToken") },
  );
  const started = useRef<string | null>(null);
  const mutate = unsubscribe.mutateAsync;

  useEffect(() => {
    // Once per token, also under React's development double effects.
    if (!token || started.current === token) return;
    started.current = token;
    void (async () => {
      try {
        const result = await mutate({ unsubscribeToken: token });
        setState({ kind: "done", shipmentName: result.shipmentName });
      } catch (error) {
        setState({ kind: "failed", message: errorText(error, t("errors.SERVER_ISSUE")) });
      }
    })();
  }, [token, mutate, t]);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="px-6 py-5">
        <Brand />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:pt-10">
        <section
          aria-labelledby="unsubscribe-title"
          className="w-full max-w-md rounded-xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-8"
        >
          <h1 id="unsubscribe-title" className="text-xl font-semibold text-slate-900">
            {state.kind === "done"
              ? t("notifications.unsubscribe.done")
              : t("notifications.unsubscribe.title")}
          </h1>
          <div className="mt-5">
            {state.kind === "working" ? (
              <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
                <Spinner className="size-5 text-blue-700" />
                {t("notifications.unsubscribe.working")}
              </p>
            ) : null}
            {state.kind === "done" ? (
              <Alert tone="success" role="status">
                {t("notifications.unsubscribe.doneDetail", { name: state.shipmentName })}
              </Alert>
            ) : null}
            {state.kind === "failed" ? (
              <Alert tone="error" role="alert">
                {state.message}
              </Alert>
            ) : null}
          </div>
          {state.kind !== "working" ? (
            <div className="mt-6 flex flex-wrap gap-3">
              <Link href={paths.notificationSettings} className={buttonClasses("primary", "md")}>
                {t("notifications.unsubscribe.openSettings")}
              </Link>
              <Link href={paths.console} className={buttonClasses("secondary", "md")}>
                {t("notifications.unsubscribe.openConsole")}
              </Link>
            </div>
          ) : null}
        </section>
      </main>
    </div>
  );
}
