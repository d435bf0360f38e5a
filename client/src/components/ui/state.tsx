import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";

export function Spinner({ className = "size-4" }: { className?: string }) {
  return (
    <LoaderCircle
      aria-hidden="true"
      focusable="false"
      className={`animate-spin text-blue-700 ${className}`}
    />
  );
}

/** "Loading…" in place of content that is on its way. */
export function LoadingState({ label, className = "" }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className={`flex items-center justify-center gap-2 py-8 text-sm text-slate-500 ${className}`}
    >
      <Spinner />
      {label ?? t("common.loading")}
    </div>
  );
}

/** A failed load, with the way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 py-6 text-sm text-red-700">
      <span>{message}</span>
      {onRetry ? (
        <Button size="sm" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A whole page or section with nothing to show, saying why and what to do. Inside a page that has
 * its own title, `heading="h2"` keeps one h1 per page.
 */
export function EmptyState({
  icon,
  title,
  children,
  actions,
  heading: Heading = "h1",
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  heading?: "h1" | "h2";
}) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center py-16 text-center">
      {icon ? (
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          {icon}
        </span>
      ) : null}
      <Heading className="mt-5 text-xl font-semibold tracking-tight text-slate-900">{title}</Heading>
      {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
      {actions ? <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </section>
  );
}
