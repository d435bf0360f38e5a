import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/ui/page-header";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { useDocumentTitle } from "../../lib/document-title";
import { failureText } from "../../lib/error-text";
import { useViewerQuery } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { ApiApplicationSection } from "./api-application";
import { DeliveriesSection } from "./api-deliveries";
import { ApiGuide } from "./api-guide";
import { ApiKeySection } from "./api-key-section";
import { WebhookSection } from "./api-webhook-section";
import { AdminOnly } from "./shared-ui";

/**
 * /app/console/api (spec 02 §2), Admin only: FREE is asked to upgrade (or, with a paid contract
 * waiting to start, told when the API comes); other plans apply and wait for the provider's
 * approval; once approved and in force, the API key, the webhook and its delivery log.
 */
export function ApiSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("plans.api.title"));
  const viewer = useViewerQuery().data;
  if (!viewer) return null;
  if (viewer.role !== "ADMIN") return <AdminOnly role={viewer.role} action="apiSettings.view" />;
  return (
    <div className="space-y-6">
      <PageHeader title={t("plans.api.title")} description={t("plans.api.description")} />
      <ApiSettingsBody viewer={viewer} />
    </div>
  );
}

function ApiSettingsBody({ viewer }: { viewer: NonNullable<ReturnType<typeof useViewerQuery>["data"]> }) {
  const { t } = useTranslation();
  const state = trpc.plans.apiApplication.useQuery();
  if (state.isError) {
    return <ErrorState message={failureText(state.error, t)} onRetry={() => void state.refetch()} />;
  }
  if (!state.data) return <LoadingState />;
  const approved = state.data.availableNow && state.data.isApiEnabled;
  if (!approved) return <ApiApplicationSection viewer={viewer} state={state.data} />;
  return (
    <>
      <ApiGuide />
      <ApiKeySection />
      <WebhookSection />
      <DeliveriesSection />
    </>
  );
}
