import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Role } from "../../../../shared/enums";
import { type Action, can } from "../../../../shared/permissions";
import { paths } from "../../app/paths";
import { buttonClasses } from "../../components/ui/button";
import { LockIcon } from "../../components/ui/icons-actions";
import { EmptyState } from "../../components/ui/state";
import { useDocumentTitle } from "../../lib/document-title";
import { formatDate } from "../../lib/format";
import { currentLanguage } from "../../lib/i18n";

/** The plans pages are the Admin's (spec 02 §6); others get the spec's message. */
export function AdminOnly({ role, action }: { role: Role | null; action: Action }) {
  const { t } = useTranslation();
  useDocumentTitle(t("errors.PERMISSION_DENIED"));
  if (role && can(role, action)) return null;
  return (
    <EmptyState
      icon={<LockIcon className="size-6" />}
      title={t("errors.PERMISSION_DENIED")}
      actions={
        <Link href={paths.console} className={buttonClasses("primary")}>
          {t("company.backToConsole")}
        </Link>
      }
    />
  );
}

/** A contract date in the viewer's language (UTC: contracts start and end at midnight UTC). */
export function contractDate(value: string): string {
  return formatDate(value, currentLanguage(), "UTC");
}

export const redirectToUpgradePath = `${paths.plans}/redirect-to-upgrade`;
