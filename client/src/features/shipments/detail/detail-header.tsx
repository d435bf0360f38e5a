import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "../../../app/paths";
import { LinerName } from "../../../components/shipment/liner-name";
import { UpdatedAgo } from "../../../components/shipment/updated-ago";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { BellIcon, UsersIcon } from "../../../components/ui/icons";
import { ArchiveIcon, PencilIcon, RotateCcwIcon, TrashIcon } from "../../../components/ui/icons-actions";
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from "../../../components/ui/menu";
import { useLiveChanged } from "../../../lib/live";
import { UpdateButton } from "../common/queue-status-banner";
import { MoreIcon, StarIcon } from "./detail-icons";
import { EditShipmentDialog } from "./edit-shipment-dialog";
import { MoveTeamDialog } from "./move-team-dialog";
import { ShareLinkControl } from "./share-link-controls";
import { type ShipmentDetail, shipmentName } from "./types";
import type { ShipmentActions } from "./use-shipment-actions";

/**
 * 'Shipments / {line} / {title or number}', the Archived badge, 'Updated {time ago}', and the
 * actions the viewer's role allows (viewerCan from the server; the server checks again).
 */
export function DetailHeader({ shipment, actions }: { shipment: ShipmentDetail; actions: ShipmentActions }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<"edit" | "move" | "delete" | null>(null);
  const can = shipment.viewerCan;
  const name = shipmentName(shipment);
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const hasMenu = can.moveTeam || can.archive || can.delete;
  const liveChanged = useLiveChanged(shipment.id).changed;

  return (
    <header className="flex flex-col gap-3">
      <nav aria-label={t("shipmentDetail.breadcrumb")} className="text-sm text-slate-500">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link href={paths.console} className="hover:text-slate-900 hover:underline">
              {t("shipmentDetail.breadcrumb")}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <LinerName line={shipment.shippingLine} />
          </li>
        </ol>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900">
              {name}
            </h1>
            {shipment.isArchived ? <Badge tone="neutral">{t("shipmentDetail.archived")}</Badge> : null}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            {shipment.title?.trim() ? <span className="font-mono">{shipment.trackingNumber}</span> : null}
            <span>{t(`shipment.trackingTypes.${shipment.trackingType}`)}</span>
            <UpdatedAgo at={shipment.lastScrapedAt} className={liveChanged ? "live-changed rounded" : ""} />
          </p>
          {/* One polite sentence when a live update lands; the page itself says what changed. */}
          <p className="sr-only" aria-live="polite">
            {liveChanged ? t("shipmentDetail.common.liveUpdated") : ""}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="icon"
            aria-pressed={shipment.isFavoriteForViewer}
            aria-label={t("shipmentDetail.actions.favorite")}
            title={t("shipmentDetail.actions.favorite")}
            disabled={actions.pending.favorite}
            onClick={() => void actions.toggleFavorite()}
            className={shipment.isFavoriteForViewer ? "text-amber-500" : ""}
          >
            <StarIcon className="size-5" filled={shipment.isFavoriteForViewer} />
          </Button>
          {/* A churned company gets no schedule-change e-mail: no subscription to offer. */}
          {can.subscribe ? (
            <Button
              variant="secondary"
              size="icon"
              aria-pressed={shipment.isNotificationEnabledForViewer}
              aria-label={t("shipmentDetail.actions.subscribe")}
              title={
                actions.notificationAddressMissing
                  ? t("notifications.noAddress.bell")
                  : t("shipmentDetail.actions.subscribe")
              }
              disabled={actions.pending.subscription}
              onClick={() => void actions.toggleSubscription()}
              className={shipment.isNotificationEnabledForViewer ? "text-blue-700" : ""}
            >
              <BellIcon
                className="size-5"
                fill={shipment.isNotificationEnabledForViewer ? "currentColor" : "none"}
              />
            </Button>
          ) : null}
          {can.refresh && !shipment.isArchived ? (
            <UpdateButton
              queueStatus={shipment.queueStatus}
              onUpdate={() => void actions.requestRefresh()}
              pending={actions.pending.refresh}
            />
          ) : null}
          {can.edit ? <ShareLinkControl shipment={shipment} /> : null}
          {can.edit ? (
            <Button variant="secondary" onClick={() => setDialog("edit")}>
              <PencilIcon className="size-4" />
              {t("shipmentDetail.actions.edit")}
            </Button>
          ) : null}
          {hasMenu ? (
            <Menu>
              <MenuTrigger asChild>
                <Button variant="secondary" size="icon" aria-label={t("shipmentDetail.actions.more")}>
                  <MoreIcon className="size-5" />
                </Button>
              </MenuTrigger>
              <MenuContent align="end">
                {can.archive ? (
                  <MenuItem
                    disabled={actions.pending.update}
                    onSelect={() => void actions.setArchived(!shipment.isArchived)}
                  >
                    {shipment.isArchived ? (
                      <RotateCcwIcon className="size-4" />
                    ) : (
                      <ArchiveIcon className="size-4" />
                    )}
                    {shipment.isArchived
                      ? t("shipmentDetail.actions.unarchive")
                      : t("shipmentDetail.actions.archive")}
                  </MenuItem>
                ) : null}
                {can.moveTeam ? (
                  <MenuItem onSelect={() => setDialog("move")}>
                    <UsersIcon className="size-4" />
                    {t("shipmentDetail.actions.moveTeam")}
                  </MenuItem>
                ) : null}
                {can.delete ? (
                  <>
                    <MenuSeparator />
                    <MenuItem
                      onSelect={() => setDialog("delete")}
                      className="text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800"
                    >
                      <TrashIcon className="size-4" />
                      {t("shipmentDetail.actions.delete")}
                    </MenuItem>
                  </>
                ) : null}
              </MenuContent>
            </Menu>
          ) : null}
        </div>
      </div>
      {dialog === "edit" ? (
        <EditShipmentDialog shipment={shipment} actions={actions} onOpenChange={closeDialog} />
      ) : null}
      {dialog === "move" ? (
        <MoveTeamDialog shipment={shipment} actions={actions} onOpenChange={closeDialog} />
      ) : null}
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={closeDialog}
        title={t("shipmentDetail.delete.title")}
        body={t("shipmentDetail.delete.body", { name })}
        confirmLabel={t("shipmentDetail.delete.confirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void actions.deleteShipment()}
        pending={actions.pending.delete}
        destructive
      />
    </header>
  );
}
