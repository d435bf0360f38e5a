import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/ui/page-header";
import { useDocumentTitle } from "../../../lib/document-title";

/** New shipment (/app/console/shipments/new), tabs Single and Multiple. */
export function NewShipmentPage() {
  const { t } = useTranslation();
  const title = t("shell.nav.newShipment");
  useDocumentTitle(title);
  return <PageHeader title={title} />;
}
