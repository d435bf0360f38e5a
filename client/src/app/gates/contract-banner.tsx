import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Role } from "../../../../shared/enums";
import { can } from "../../../../shared/permissions";
import { Alert } from "../../components/ui/alert";
import { buttonClasses } from "../../components/ui/button";
import { currentLanguage } from "../../lib/i18n";
import { paths } from "../paths";
import type { ViewerCompany } from "./viewer";

export function formatContractDate(value: string | Date, language: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(language === "ja" ? "ja-JP" : "en-US", { dateStyle: "long" }).format(date);
}

/**
 * Spec 01 §2: the banners for contract status CHURN and WAITING_CONTRACT. CHURN reaches the console
 * only for a churned company (a paid contract ended; an ended trial stops at Trial Period Ended):
 * its console is read-only, and its Admin is led to the plan cards
 * (docs/decisions/0012-churned-console.md).
 */
export function ContractBanner({ company, role }: { company: ViewerCompany; role: Role | null }) {
  const { t } = useTranslation();
  if (company.contractStatus === "CHURN" && company.isChurned) {
    const canChoose = role !== null && can(role, "company.upgrade");
    return (
      <Alert
        tone="warning"
        role="status"
        title={t("gates.banner.churnTitle")}
        className="mb-6"
        actions={
          canChoose ? (
            <Link href={paths.plans} className={buttonClasses("primary", "sm")}>
              {t("gates.banner.churnChoosePlan")}
            </Link>
          ) : undefined
        }
      >
        <p>{t("gates.banner.churnBody")}</p>
        {canChoose ? null : <p className="mt-1">{t("gates.banner.churnAskAdmin")}</p>}
      </Alert>
    );
  }
  if (company.contractStatus === "WAITING_CONTRACT") {
    const startsAt = company.upcomingContractStartsAt;
    return (
      <Alert tone="info" role="status" className="mb-6">
        {startsAt
          ? t("gates.banner.waitingContract", { date: formatContractDate(startsAt, currentLanguage()) })
          : t("gates.banner.waitingContractNoDate")}
      </Alert>
    );
  }
  return null;
}
