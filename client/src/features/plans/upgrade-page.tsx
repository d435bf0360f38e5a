import { useTranslation } from "react-i18next";
import { Redirect, useSearch } from "wouter";
import { paths } from "../../app/paths";
import { PageHeader } from "../../components/ui/page-header";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { useDocumentTitle } from "../../lib/document-title";
import { failureText } from "../../lib/error-text";
import { useViewerQuery } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { AdminOnly } from "./shared-ui";
import { isUpgradePlan, UpgradeForm, type UpgradePlan } from "./upgrade-form";

/** /app/console/plans/upgrade?plan=STANDARD|PREMIUM|ENTERPRISE (spec 02 §2), Admin only. */
export function UpgradePage() {
  const viewer = useViewerQuery().data;
  const plan = new URLSearchParams(useSearch()).get("plan");
  if (!viewer) return null;
  if (viewer.role !== "ADMIN") return <AdminOnly role={viewer.role} action="company.upgrade" />;
  if (!isUpgradePlan(plan)) return <ChoosePlanFirst />;
  return <UpgradeContent plan={plan} />;
}

/** Without a plan (the top bar's Upgrade button) the plan cards come first. */
function ChoosePlanFirst() {
  return <Redirect to={paths.plans} replace />;
}

function UpgradeContent({ plan }: { plan: UpgradePlan }) {
  const { t } = useTranslation();
  const title = t("plans.upgrade.title", { plan: t(`plans.planNames.${plan}`) });
  useDocumentTitle(title);
  const defaults = trpc.plans.upgradeDefaults.useQuery();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={title} description={t("plans.upgrade.description")} />
      {defaults.isError ? (
        <ErrorState message={failureText(defaults.error, t)} onRetry={() => void defaults.refetch()} />
      ) : defaults.data ? (
        <UpgradeForm key={plan} plan={plan} defaults={defaults.data} />
      ) : (
        <LoadingState />
      )}
    </div>
  );
}
