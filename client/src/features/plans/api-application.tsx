import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { SettingsSection } from "../../components/ui/section";
import { errorText, postAuth } from "../../lib/auth-api";
import { useSelectedTeam } from "../../lib/selected-team";
import type { Viewer } from "../../lib/session";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { price } from "./money";
import { contractDate } from "./shared-ui";

export type ApiApplicationState = RouterOutputs["plans"]["apiApplication"];

/**
 * FREE must upgrade first; other plans apply (POST /inquiry), then see the thank-you state. A paid
 * contract waiting to start (or an upgrade request with the provider) says when the API comes
 * instead of asking to upgrade again.
 */
export function ApiApplicationSection({ viewer, state }: { viewer: Viewer; state: ApiApplicationState }) {
  const { t } = useTranslation();
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

  const from = state.availableFrom;
  const whenAvailable = from ? (
    <p className="text-sm text-slate-700">
      {t(state.isApiEnabled ? "plans.api.approvedFrom" : "plans.api.availableFrom", {
        date: contractDate(from.startsAt),
        plan: t(`plans.planNames.${from.plan}`),
      })}
    </p>
  ) : null;

  let body: React.ReactNode;
  if (state.application?.status === "SUBMITTED") {
    body = (
      <div className="space-y-4">
        <Alert tone="success" role="status">
          <p className="font-medium">{t("plans.api.thankYou")}</p>
          <p>{t("plans.api.appliedOn", { date: contractDate(state.application.appliedAt) })}</p>
        </Alert>
        {whenAvailable}
        {!state.availableNow && !from && state.upgradeRequested ? (
          <p className="text-sm text-slate-700">{t("plans.api.upgradeRequested")}</p>
        ) : null}
      </div>
    );
  } else if (!state.canApply && state.upgradeRequested) {
    body = (
      <Alert tone="info" role="status">
        {t("plans.api.upgradeRequested")}
      </Alert>
    );
  } else if (!state.canApply) {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t("plans.api.freeBody")}</p>
        <Link href={paths.plans} className={buttonClasses("primary")}>
          {t("plans.api.upgrade")}
        </Link>
      </div>
    );
  } else if (from && state.isApiEnabled) {
    body = (
      <Alert tone="success" role="status">
        {whenAvailable}
      </Alert>
    );
  } else {
    body = (
      <div className="space-y-4">
        {whenAvailable}
        <p className="text-sm text-slate-700">{t("plans.api.applyBody", { amount: price("apiInitial") })}</p>
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
