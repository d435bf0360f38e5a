import { useEffect, useRef } from "react";
import { DETAIL_POLL_MS, UNREAD_MARK_READ_DELAY_MS } from "../../../../../shared/constants";
import { useLiveConnected } from "../../../lib/live";
import { trpcAppCode } from "../../../lib/session";
import { trpc } from "../../../lib/trpc";
import type { ShipmentDetail } from "./types";

/** An unknown, foreign or malformed id: all read as "We couldn't find the shipment." */
export function isShipmentNotFound(error: unknown): boolean {
  const code = trpcAppCode(error);
  const httpCode = (error as { data?: { code?: unknown } } | null)?.data?.code;
  return code === "SHIPMENT_NOT_FOUND" || code === "VALIDATION_FAILED" || httpCode === "NOT_FOUND";
}

/**
 * shipments.get, polled every DETAIL_POLL_MS while the page is visible (spec 01 §4, §9), so a
 * refresh someone else asked for, or the scheduler's, shows within seconds as well as our own.
 * Polling pauses in a hidden tab (TanStack's default) and resumes on focus. When a fetch ends,
 * the history and activities of the shipment are read again. While the live stream is open
 * (lib/live) a settled shipment is not polled: its changes arrive as they commit; a queued or
 * running refresh is still polled, as its first result or a refresh without changes is announced
 * by nobody.
 */
export function useShipmentDetailQuery(shipmentId: string) {
  const utils = trpc.useUtils();
  const live = useLiveConnected();
  const query = trpc.shipments.get.useQuery(
    { shipmentId },
    {
      retry: (failures, error) => !isShipmentNotFound(error) && failures < 2,
      // A page that stopped finding the shipment (deleted, moved away) stops asking.
      refetchInterval: (q) => {
        if (isShipmentNotFound(q.state.error)) return false;
        if (live && q.state.data?.queueStatus === "SLEEPING") return false;
        return DETAIL_POLL_MS;
      },
      refetchIntervalInBackground: false,
    },
  );
  const data = query.data;
  const fetchMark = `${data?.queueStatus}|${data?.latestHistory?.id}|${data?.lastScrapedAt}|${data?.isArchived}`;
  useEffect(() => {
    if (fetchMark === "undefined|undefined|undefined|undefined") return;
    void utils.shipments.histories.invalidate({ shipmentId });
    void utils.shipments.activities.invalidate({ shipmentId });
  }, [fetchMark, shipmentId, utils]);
  return query;
}

/**
 * Spec 01 §4 unread comments: opening the comments marks them read at once; a comment that arrives
 * while they are open (the shipment is unread again) is fetched and marked read after
 * UNREAD_MARK_READ_DELAY_MS, so the newcomer is seen highlighted first.
 */
export function useMarkCommentsRead(shipment: ShipmentDetail, open: boolean) {
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.shipments.markAllCommentsAsRead.useMutation();
  const shipmentId = shipment.id;
  const unread = shipment.hasUnreadCommentForViewer;
  const opened = useRef(false);

  useEffect(() => {
    if (!open) {
      opened.current = false;
      return;
    }
    const firstLook = !opened.current;
    opened.current = true;
    if (!unread) return;
    const markRead = async () => {
      try {
        await mutateAsync({ shipmentId });
        utils.shipments.get.setData({ shipmentId }, (old) =>
          old ? { ...old, hasUnreadCommentForViewer: false } : old,
        );
      } catch {
        // Not a user action: a failure leaves the mark for the next visit and needs no toast.
      }
    };
    if (firstLook) {
      void markRead();
      return;
    }
    const timer = setTimeout(() => {
      void utils.shipments.comments.invalidate({ shipmentId }).then(markRead);
    }, UNREAD_MARK_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, unread, shipmentId, mutateAsync, utils]);
}
