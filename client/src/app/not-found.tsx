import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonClasses } from "../components/ui/button";
import { CompassIcon } from "../components/ui/icons";
import { useDocumentTitle } from "../lib/document-title";
import { paths } from "./paths";
import { Brand } from "./shell/brand";

function NotFoundMessage() {
  const { t } = useTranslation();
  useDocumentTitle(t("shell.notFound.title"));
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex max-w-md flex-col items-center py-16 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-blue-50 text-blue-700">
        <CompassIcon className="size-6" />
      </span>
      <p className="mt-5 text-sm font-semibold text-blue-700">{t("shell.notFound.code")}</p>
      <h1 id="not-found-title" className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">
        {t("shell.notFound.title")}
      </h1>
      <p className="mt-2 text-sm text-slate-600">{t("shell.notFound.description")}</p>
      <Link href={paths.console} className={buttonClasses("primary", "md", "mt-6")}>
        {t("shell.notFound.backToConsole")}
      </Link>
    </section>
  );
}

/** Unknown route inside the console: the shell stays, so the user keeps the navigation. */
export function NotFoundContent() {
  return <NotFoundMessage />;
}

/** Unknown route anywhere else. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="px-6 py-5">
        <Brand />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-24">
        <NotFoundMessage />
      </main>
    </div>
  );
}
