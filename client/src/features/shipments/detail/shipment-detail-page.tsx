import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/ui/page-header";
import { useDocumentTitle } from "../../../lib/document-title";

/** Shipment detail (/app/console/shipments/{shipmentId}). */
export function ShipmentDetailPage({ shipmentId }: { shipmentId: string }) {
  const { t } = useTranslation();
  const title = t("shell.nav.shipments");
  useDocumentTitle(title);
  return <PageHeader title={`${title} ${shipmentId}`} />;
}
