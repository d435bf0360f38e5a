import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type QueueStatus, TRACKING_FAILURE_KINDS } from "../../../../../shared/enums";
import { isNumberUnknownToLine } from "../../../../../shared/refresh-state";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { RotateCcwIcon } from "../../../components/ui/icons-actions";
import { Spinner } from "../../../components/ui/state";

/** The message of tracking.failures for a failedReason; an unknown reason reads as a rejected number. */
export function failureKey(reason: string | null | undefined): `tracking.failures.${string}` {
  const known = TRACKING_FAILURE_KINDS.find((k) => k === reason);
  return `tracking.failures.${known ?? "INVALID_NUMBER"}`;
}

/**
 * What the tracking engine is doing with a shipment (spec 01 §4): queued (WAITING) or fetching
 * (FETCHING) banners that announce themselves politely, the failing banner with the reason, and,
 * before that, a number the carrier refused on the latest try (with the Update action).
 */
export function QueueStatusBanner({
  queueStatus,
  isFailing,
  failedReason,
  lastFailedReason = null,
  lastScrapedAt = null,
  updateAction = null,
}: {
  queueStatus: QueueStatus;
  isFailing: boolean;
  failedReason: string | null;
  lastFailedReason?: string | null;
  lastScrapedAt?: string | null;
  /** The Update button, where the viewer may ask for a refresh. */
  updateAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const unknownNumber =
    queueStatus === "SLEEPING" && isNumberUnknownToLine({ isFailing, lastFailedReason, lastScrapedAt });
  return (
    <>
      {isFailing ? (
        <Alert tone="error" role="alert" title={t("shipmentDetail.common.failingTitle")}>
          {t(failureKey(failedReason))}
        </Alert>
      ) : null}
      {unknownNumber ? (
        <Alert
          tone="warning"
          role="status"
          title={t("shipmentDetail.common.unknownNumberTitle")}
          actions={updateAction}
        >
          {t("shipmentDetail.common.unknownNumberBody")}
        </Alert>
      ) : null}
      {queueStatus === "WAITING" || queueStatus === "FETCHING" ? (
        <div
          role="status"
          data-queue-status={queueStatus}
          className="flex items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900"
        >
          <Spinner className="size-4 shrink-0" />
          <span>
            {queueStatus === "WAITING"
              ? t("shipmentDetail.common.waiting")
              : t("shipmentDetail.common.fetching")}
          </span>
        </div>
      ) : null}
    </>
  );
}

/** The Update button, offered only while nothing is queued (SLEEPING). */
export function UpdateButton({
  queueStatus,
  onUpdate,
  pending,
}: {
  queueStatus: QueueStatus;
  onUpdate: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  if (queueStatus !== "SLEEPING") return null;
  return (
    <Button
      variant="secondary"
      onClick={onUpdate}
      disabled={pending}
      aria-busy={pending || undefined}
      title={t("shipmentDetail.common.updateLabel")}
    >
      <RotateCcwIcon className="size-4" />
      {t("shipmentDetail.common.update")}
    </Button>
  );
}
