import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/ui/page-header";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { useDocumentTitle } from "../../lib/document-title";
import { trpc } from "../../lib/trpc";
import { CalendarFeedSection } from "./calendar-feed-section";
import { NotificationSettingsForm } from "./notification-settings-form";

/** /app/console/settings/notifications (spec 02 §2): every role, Readonly included, edits their own. */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("notifications.title"));
  const settings = trpc.notifications.settings.useQuery();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={t("notifications.title")} description={t("notifications.description")} />
      {settings.isPending ? <LoadingState /> : null}
      {settings.isError ? (
        <ErrorState message={t("notifications.loadFailed")} onRetry={() => void settings.refetch()} />
      ) : null}
      {settings.data ? (
        // Remounted when the saved values change, so the form shows what the server keeps.
        <NotificationSettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
      ) : null}
      <CalendarFeedSection />
    </div>
  );
}
