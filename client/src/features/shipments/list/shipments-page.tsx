import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/ui/page-header";
import { useDocumentTitle } from "../../../lib/document-title";

/** The console home (/app/console). The list itself arrives with the shipments feature. */
export function ShipmentsPage() {
  const { t } = useTranslation();
  const title = t("shell.nav.shipments");
  useDocumentTitle(title);
  return <PageHeader title={title} />;
}
