import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Role } from "../../../../shared/enums";
import { can } from "../../../../shared/permissions";
import { Alert } from "../../components/ui/alert";
import { currentLanguage } from "../../lib/i18n";
import { paths } from "../paths";
import type { ViewerCompany } from "./viewer";

export function formatContractDate(value: string | Date, language: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(language === "ja" ? "ja-JP" : "en-US", { dateStyle: "long" }).format(date);
}

/** Spec 01 §2: banners for contract status CHURN and WAITING_CONTRACT (with its start date). */
export function ContractBanner({ company, role }: { company: ViewerCompany; role: Role | null }) {
  const { t } = useTranslation();
  if (company.contractStatus === "CHURN") {
    const upgrade =
      role && can(role, "company.upgrade") ? (
        <Link href={paths.plans} className="font-semibold underline underline-offset-2">
          {t("gates.banner.upgrade")}
        </Link>
      ) : null;
    return (
      <Alert tone="warning" role="status" className="mb-6" actions={upgrade}>
        {t("gates.banner.churn")}
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
