import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "../../../app/paths";
import { LineNotice } from "../../../components/shipment/line-notice";
import { buttonClasses } from "../../../components/ui/button";
import { ShipIcon } from "../../../components/ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/state";
import { type TabItem, Tabs } from "../../../components/ui/tabs";
import { useDocumentTitle } from "../../../lib/document-title";
import { NoNotificationAddress } from "../common/notification-address";
import { QueueStatusBanner, UpdateButton } from "../common/queue-status-banner";
import { ActivitiesTab } from "./activities-tab";
import { CommentsTab } from "./comments-tab";
import { DetailHeader } from "./detail-header";
import { FilesTab } from "./files-tab";
import { HistoryTab } from "./history-tab";
import { OverviewTab } from "./overview-tab";
import { type ShipmentDetail, shipmentName } from "./types";
import { useShipmentActions } from "./use-shipment-actions";
import { isShipmentNotFound, useMarkCommentsRead, useShipmentDetailQuery } from "./use-shipment-detail";

type TabKey = "overview" | "history" | "comments" | "activities" | "files";

/** Shipment detail (/app/console/shipments/{shipmentId}, spec 01 §2). */
export function ShipmentDetailPage({ shipmentId }: { shipmentId: string }) {
  const { t } = useTranslation();
  const query = useShipmentDetailQuery(shipmentId);
  useDocumentTitle(query.data ? shipmentName(query.data) : t("shipmentDetail.title"));

  if (query.isError && (isShipmentNotFound(query.error) || !query.data)) {
    return isShipmentNotFound(query.error) ? (
      <EmptyState
        icon={<ShipIcon className="size-6" />}
        title={t("shipmentDetail.notFound")}
        actions={
          <Link href={paths.console} className={buttonClasses("primary")}>
            {t("shipmentDetail.backToList")}
          </Link>
        }
      >
        {t("shipmentDetail.notFoundBody")}
      </EmptyState>
    ) : (
      <ErrorState message={t("shipmentDetail.loadFailed")} onRetry={() => void query.refetch()} />
    );
  }
  if (!query.data) return <LoadingState />;
  return <ShipmentDetailView key={shipmentId} shipment={query.data} />;
}

function ShipmentDetailView({ shipment }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>("overview");
  const actions = useShipmentActions(shipment);
  useMarkCommentsRead(shipment, tab === "comments");

  const items: TabItem<TabKey>[] = [
    { key: "overview", label: t("shipmentDetail.tabs.overview") },
    { key: "history", label: t("shipmentDetail.tabs.history") },
    {
      key: "comments",
      label: t("shipmentDetail.tabs.comments"),
      marker: shipment.hasUnreadCommentForViewer ? (
        <span className="inline-flex size-2 rounded-full bg-red-600">
          <span className="sr-only">{t("shipmentDetail.tabs.unread")}</span>
        </span>
      ) : null,
    },
    { key: "activities", label: t("shipmentDetail.tabs.activities") },
    // Spec 01 §2: Files only when the company has the connect feature.
    ...(shipment.company.isConnectEnabled
      ? [{ key: "files" as const, label: t("shipmentDetail.tabs.files") }]
      : []),
  ];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <DetailHeader shipment={shipment} actions={actions} />
      {shipment.isNotificationEnabledForViewer && actions.notificationAddressMissing ? (
        <NoNotificationAddress />
      ) : null}
      <QueueStatusBanner
        queueStatus={shipment.queueStatus}
        isFailing={shipment.isFailing}
        failedReason={shipment.failedReason}
        lastFailedReason={shipment.lastFailedReason}
        lastScrapedAt={shipment.lastScrapedAt}
        updateAction={
          shipment.viewerCan.refresh && !shipment.isArchived ? (
            <UpdateButton
              queueStatus={shipment.queueStatus}
              onUpdate={() => void actions.requestRefresh()}
              pending={actions.pending.refresh}
            />
          ) : null
        }
      />
      <LineNotice line={shipment.shippingLine} />
      <Tabs label={t("shipmentDetail.tabs.label")} items={items} selected={tab} onSelect={setTab}>
        {tab === "overview" ? <OverviewTab shipment={shipment} /> : null}
        {tab === "history" ? <HistoryTab shipmentId={shipment.id} /> : null}
        {tab === "comments" ? <CommentsTab shipment={shipment} /> : null}
        {tab === "activities" ? <ActivitiesTab shipmentId={shipment.id} /> : null}
        {tab === "files" ? <FilesTab shipment={shipment} /> : null}
      </Tabs>
    </div>
  );
}
