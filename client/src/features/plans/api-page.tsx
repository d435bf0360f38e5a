import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { PRICES } from "../../../../shared/constants";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { PageHeader } from "../../components/ui/page-header";
import { SettingsSection } from "../../components/ui/section";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { errorText, postAuth } from "../../lib/auth-api";
import { useDocumentTitle } from "../../lib/document-title";
import { failureText } from "../../lib/error-text";
import { useSelectedTeam } from "../../lib/selected-team";
import { useViewerQuery, type Viewer } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { money } from "./money";
import { AdminOnly, contractDate } from "./shared-ui";

/** /app/console/api (spec 02 §2), Admin only. This is its application part; key and webhook come with the API. */
export function ApiSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("plans.api.title"));
  const viewer = useViewerQuery().data;
  if (!viewer) return null;
  if (viewer.role !== "ADMIN") return <AdminOnly role={viewer.role} action="apiSettings.view" />;
  return (
    <div className="space-y-6">
      <PageHeader title={t("plans.api.title")} description={t("plans.api.description")} />
      <ApiApplicationSection viewer={viewer} />
    </div>
  );
}

/** FREE must upgrade first; other plans apply (POST /inquiry), then see the thank-you state. */
export function ApiApplicationSection({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const state = trpc.plans.apiApplication.useQuery();
  const utils = trpc.useUtils();
  const { teamId, kind } = useSelectedTeam();
  const [applying, setApplying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const apply = async () => {
    setApplying(true);
    setFailure(null);
    try {
      await postAuth("/inquiry", {
        type: "API",
        teamId: kind === "team" ? teamId : null,
        accountId: viewer.account.id,
        email: viewer.account.email,
      });
      await utils.plans.apiApplication.invalidate();
    } catch (error) {
      setFailure(errorText(error, t("plans.api.failed")));
    } finally {
      setApplying(false);
    }
  };

  let body: React.ReactNode;
  if (state.isError) {
    body = <ErrorState message={failureText(state.error, t)} onRetry={() => void state.refetch()} />;
  } else if (!state.data) {
    body = <LoadingState />;
  } else if (state.data.isApiEnabled) {
    body = <Alert tone="success">{t("plans.api.approved")}</Alert>;
  } else if (!state.data.canApply) {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t("plans.api.freeBody")}</p>
        <Link href={paths.plans} className={buttonClasses("primary")}>
          {t("plans.api.upgrade")}
        </Link>
      </div>
    );
  } else if (state.data.application?.status === "SUBMITTED") {
    body = (
      <Alert tone="success" role="status">
        <p className="font-medium">{t("plans.api.thankYou")}</p>
        <p>{t("plans.api.appliedOn", { date: contractDate(state.data.application.appliedAt) })}</p>
      </Alert>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          {t("plans.api.applyBody", { usd: money(PRICES.apiInitialUsd, "USD") })}
        </p>
        {failure ? (
          <Alert tone="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button variant="primary" onClick={() => void apply()} disabled={applying}>
          {applying ? t("plans.api.applying") : t("plans.api.apply")}
        </Button>
      </div>
    );
  }
  return (
    <SettingsSection id="api-application" title={t("plans.api.applicationTitle")}>
      {body}
    </SettingsSection>
  );
}
