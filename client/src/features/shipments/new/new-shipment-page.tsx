import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "../../../app/paths";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { ErrorState, LoadingState } from "../../../components/ui/state";
import { Tabs } from "../../../components/ui/tabs";
import { useDocumentTitle } from "../../../lib/document-title";
import { failureText } from "../../../lib/error-text";
import { CsvImport } from "./csv-import";
import { SingleShipment } from "./single-shipment";
import { type CreateDenial, useCreateAccess } from "./use-create-access";

type Tab = "single" | "multiple";

/** New shipment (/app/console/shipments/new), tabs Single and Multiple (spec 01 §2). */
export function NewShipmentPage() {
  const { t } = useTranslation();
  const title = t("shipmentNew.title");
  useDocumentTitle(title);
  const access = useCreateAccess();
  const [tab, setTab] = useState<Tab>("single");
  const [tabVisited, setTabVisited] = useState(false);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader title={title} />
      <div className="grid gap-1 text-sm text-slate-700">
        <p>{t("shipmentNew.intro")}</p>
        <p className="text-slate-600">{t("shipmentNew.askPartners")}</p>
      </div>
      {access.state === "loading" ? <LoadingState /> : null}
      {access.state === "failed" ? (
        <ErrorState message={failureText(access.error, t)} onRetry={access.retry} />
      ) : null}
      {access.state === "denied" ? <Denied reason={access.reason} /> : null}
      {access.state === "ok" ? (
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="mb-4 text-xs font-medium text-slate-500">
            {t("shipmentNew.addingTo", { team: access.teamName })}
          </p>
          <Tabs
            label={t("shipmentNew.tabs.label")}
            items={[
              { key: "single", label: t("shipmentNew.tabs.single") },
              { key: "multiple", label: t("shipmentNew.tabs.multiple") },
            ]}
            selected={tab}
            onSelect={(next) => {
              // Once the person moves between tabs, the focus stays on the tab list.
              setTabVisited(true);
              setTab(next);
            }}
          >
            {tab === "single" ? (
              <SingleShipment
                key={access.teamId}
                teamId={access.teamId}
                plan={access.plan}
                autoFocus={!tabVisited}
              />
            ) : (
              <CsvImport teamId={access.teamId} plan={access.plan} role={access.role} teams={access.teams} />
            )}
          </Tabs>
        </div>
      ) : null}
    </div>
  );
}

function Denied({ reason }: { reason: CreateDenial }) {
  const { t } = useTranslation();
  if (reason === "teamKind") {
    return (
      <Alert
        tone="info"
        title={t("errors.PERMISSION_DENIED")}
        actions={
          <Link href={paths.teamsSwitch} className={buttonClasses("secondary", "sm")}>
            {t("shipmentNew.denied.switchTeamLink")}
          </Link>
        }
      >
        {t("shipmentNew.denied.switchTeam")}
      </Alert>
    );
  }
  if (reason === "churn") {
    return (
      <Alert
        tone="warning"
        actions={
          <Link href={paths.plans} className={buttonClasses("primary", "sm")}>
            {t("shipmentNew.denied.upgrade")}
          </Link>
        }
      >
        {t("shipmentNew.denied.churn")}
      </Alert>
    );
  }
  if (reason === "notApproved") return <Alert tone="info">{t("errors.COMPANY_NOT_APPROVED")}</Alert>;
  return <Alert tone="info">{t("errors.PERMISSION_DENIED")}</Alert>;
}
