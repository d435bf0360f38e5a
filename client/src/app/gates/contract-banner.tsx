import { useTranslation } from "react-i18next";
import { Alert } from "../../components/ui/alert";
import { currentLanguage } from "../../lib/i18n";
import type { ViewerCompany } from "./viewer";

export function formatContractDate(value: string | Date, language: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(language === "ja" ? "ja-JP" : "en-US", { dateStyle: "long" }).format(date);
}

/**
 * Spec 01 §2: the WAITING_CONTRACT banner, with its start date. The spec's CHURN banner has no
 * place: a churned company's trial is over with nothing after it, so canAccessConsole is false
 * and the earlier 'Trial Period Ended' gate (spec 01 §4 order) always wins — see
 * docs/decisions/0005-surfaces.md.
 */
export function ContractBanner({ company }: { company: ViewerCompany }) {
  const { t } = useTranslation();
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
