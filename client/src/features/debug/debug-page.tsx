import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/ui/page-header";
import { useDocumentTitle } from "../../lib/document-title";
import { CsvReader } from "./csv-reader";
import { OutboxSection } from "./outbox-section";
import { BuildSection, StateSection } from "./state-section";

/** /app/debug_info (spec 01 §2): raw application state, a CSV reader that only logs, and the outbox. */
export function DebugInfoPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("debug.title"));
  return (
    <main className="min-h-dvh bg-slate-50">
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
        <PageHeader title={t("debug.title")} description={t("debug.description")} />
        <StateSection />
        <BuildSection />
        <CsvReader />
        <OutboxSection />
      </div>
    </main>
  );
}
