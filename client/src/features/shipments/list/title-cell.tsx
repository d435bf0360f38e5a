import { Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Language } from "../../../../../shared/enums";
import { isNumberUnknownToLine } from "../../../../../shared/refresh-state";
import type { ShipmentListItem } from "../../../../../shared/schemas/list";
import { paths } from "../../../app/paths";
import { shellAllows, useShellState } from "../../../app/shell/shell-context";
import { formatDateTime, timeAgo } from "../../../components/shipment/time-format";
import { Badge } from "../../../components/ui/badge";
import { AlertTriangleIcon } from "../../../components/ui/icons";
import { trpc } from "../../../lib/trpc";
import { useAction } from "../../../lib/use-action";

export function shipmentPath(id: string): string {
  return `${paths.shipments}/${id}`;
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <Star
      aria-hidden="true"
      focusable="false"
      strokeWidth={1.75}
      className="size-4"
      fill={filled ? "currentColor" : "none"}
    />
  );
}

/** The favorite star: a toggle button, filled when the viewer favorited the shipment. */
function FavoriteToggle({ shipment }: { shipment: ShipmentListItem }) {
  const name = shipment.title?.trim() || shipment.trackingNumber;
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const run = useAction();
  const create = trpc.shipments.createFavorite.useMutation();
  const remove = trpc.shipments.deleteFavorite.useMutation();
  const on = shipment.isFavoriteForViewer;
  const toggle = async () => {
    const mutation = on ? remove : create;
    const done = await run(() => mutation.mutateAsync({ shipmentId: shipment.id }));
    if (done !== undefined) await utils.shipments.list.invalidate();
  };
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={t("shipmentList.table.favoriteRow", { name })}
      disabled={create.isPending || remove.isPending}
      onClick={toggle}
      className={`-m-1 shrink-0 rounded p-1 focus-visible:outline-2 focus-visible:outline-blue-600 ${
        on ? "text-amber-500 hover:text-amber-600" : "text-slate-300 hover:text-slate-600"
      }`}
    >
      <StarIcon filled={on} />
    </button>
  );
}

/**
 * A number the carrier refused on the latest try, before the shipment counts as failing: said at
 * once, with Update for those who may ask again.
 */
function UnknownNumber({ shipment }: { shipment: ShipmentListItem }) {
  const { t } = useTranslation();
  const shell = useShellState();
  const utils = trpc.useUtils();
  const run = useAction();
  const refresh = trpc.tracking.refresh.useMutation();
  const onUpdate = async () => {
    const done = await run(
      () => refresh.mutateAsync({ shipmentId: shipment.id }),
      (r) =>
        r.queued ? t("shipmentDetail.actions.refreshQueued") : t("shipmentDetail.actions.refreshAlready"),
    );
    if (done) await utils.shipments.list.invalidate();
  };
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5" data-testid="unknown-number">
      <span
        className="inline-flex min-w-0 items-center gap-1 font-medium text-amber-800"
        title={t("shipmentList.table.unknownNumber")}
      >
        <AlertTriangleIcon className="size-3.5 shrink-0" />
        <span className="truncate">{t("shipmentList.table.unknownNumber")}</span>
      </span>
      {shellAllows(shell, "shipment.refresh") && !shipment.isArchived ? (
        <button
          type="button"
          onClick={() => void onUpdate()}
          disabled={refresh.isPending}
          title={t("shipmentDetail.common.updateLabel")}
          className="shrink-0 rounded font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50"
        >
          {t("shipmentDetail.common.update")}
        </button>
      ) : null}
    </span>
  );
}

/**
 * The first column: the title linking to the detail page, with the favorite star, an unread
 * comment dot, and the freshness line (last successful update, or the failing mark).
 */
export function TitleCell({
  shipment,
  now,
  language,
}: {
  shipment: ShipmentListItem;
  now: Date;
  language: Language;
}) {
  const { t } = useTranslation();
  const name = shipment.title?.trim() || shipment.trackingNumber;
  return (
    <div className="flex min-w-0 items-start gap-2">
      <FavoriteToggle shipment={shipment} />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-1.5">
          <Link
            href={shipmentPath(shipment.id)}
            className="truncate font-medium text-slate-900 hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
            title={name}
          >
            {name}
          </Link>
          {shipment.hasUnreadCommentForViewer ? (
            <span className="inline-flex shrink-0 items-center" title={t("shipmentList.table.unread")}>
              <span aria-hidden="true" className="size-2 rounded-full bg-blue-600" />
              <span className="sr-only">{t("shipmentList.table.unread")}</span>
            </span>
          ) : null}
          {shipment.isArchived ? (
            <Badge className="shrink-0">{t("shipmentList.table.archived")}</Badge>
          ) : null}
        </div>
        <div className="mt-0.5 flex min-w-0 items-center gap-1.5 text-xs text-slate-600">
          {shipment.title?.trim() ? (
            // The number is what a forwarder matches on: it stays whole and the freshness gives way.
            <span className="shrink-0 font-mono">{shipment.trackingNumber}</span>
          ) : null}
          {shipment.isFailing ? (
            <span
              className="inline-flex shrink-0 items-center gap-1 font-medium text-red-700"
              title={
                shipment.failedReason
                  ? t("shipmentList.table.failingReason", {
                      reason: t(`tracking.failures.${shipment.failedReason}`, {
                        defaultValue: shipment.failedReason,
                      }),
                    })
                  : undefined
              }
            >
              <AlertTriangleIcon className="size-3.5" />
              {t("shipmentList.table.failing")}
            </span>
          ) : null}
          {shipment.queueStatus === "SLEEPING" && isNumberUnknownToLine(shipment) ? (
            <UnknownNumber shipment={shipment} />
          ) : (
            <span className="min-w-0 truncate">
              {shipment.lastScrapedAt ? (
                <time
                  dateTime={shipment.lastScrapedAt}
                  title={formatDateTime(shipment.lastScrapedAt, language)}
                >
                  {t("shipmentList.table.updated", {
                    time: timeAgo(shipment.lastScrapedAt, now, language, t("shipmentDetail.common.justNow")),
                  })}
                </time>
              ) : (
                t("shipmentList.table.neverUpdated")
              )}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
