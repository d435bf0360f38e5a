import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../../../../shared/enums";
import { isLanguage } from "../../../../shared/i18n";
import { Brand } from "../../app/shell/brand";
import { GlobeIcon } from "../../components/ui/icons";
import { useDocumentTitle } from "../../lib/document-title";
import { changeLanguage, currentLanguage } from "../../lib/i18n";

function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <label className="inline-flex items-center gap-1.5 text-sm text-slate-600">
      <GlobeIcon className="size-4 text-slate-400" />
      <span className="sr-only">{t("common.language.label")}</span>
      <select
        value={currentLanguage()}
        onChange={(event) =>
          isLanguage(event.target.value) ? void changeLanguage(event.target.value) : undefined
        }
        className="rounded-md border-0 bg-transparent py-1 pr-1 text-sm text-slate-700 focus:ring-2 focus:ring-blue-600/30"
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {t(`common.language.${lang}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Wider card for the sign-up form. */
  wide?: boolean;
}

/** The frame of every screen under /app/auth: brand, language, one card with a single h1. */
export function AuthLayout({ title, subtitle, children, footer, wide = false }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="flex items-center justify-between px-6 py-5">
        <Brand />
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 justify-center px-4 pt-4 pb-16 sm:pt-10">
        <div className={`w-full ${wide ? "max-w-xl" : "max-w-md"}`}>
          <section
            aria-labelledby="auth-title"
            className="rounded-xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-8"
          >
            <h1 id="auth-title" className="text-2xl font-semibold tracking-tight text-slate-900">
              {title}
            </h1>
            {subtitle ? <div className="mt-2 text-sm text-slate-600">{subtitle}</div> : null}
            <div className="mt-6">{children}</div>
          </section>
          {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}

/** A full-width primary submit button that says what is happening while the request runs. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending || undefined}
      className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-md bg-blue-700 px-4 text-sm font-medium text-white shadow-sm transition-colors hover:bg-blue-800 disabled:pointer-events-none disabled:opacity-60"
    >
      {pending ? <Spinner /> : null}
      {pending ? pendingLabel : label}
    </button>
  );
}

export function Spinner({ className = "size-4" }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" focusable="false" className={`animate-spin ${className}`} />;
}

/** A centred "working on it" state inside the auth card. */
export function AuthProgress({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
      <Spinner className="size-5 text-blue-700" />
      {label}
    </p>
  );
}

export const linkClasses = "font-medium text-blue-700 hover:text-blue-800 hover:underline";
