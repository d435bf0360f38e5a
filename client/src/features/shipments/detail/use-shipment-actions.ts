import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { QUEUE_REFETCH_DELAY_MS } from "../../../../../shared/constants";
import type { ShipmentUpdateInput } from "../../../../../shared/schemas/shipments";
import { paths } from "../../../app/paths";
import { trpc } from "../../../lib/trpc";
import { useAction } from "../../../lib/use-action";
import { useNotificationAddress } from "../common/notification-address";
import type { ShipmentDetail } from "./types";

/**
 * Everything the detail page can do to its shipment. Each call toasts its outcome (failures with
 * the server's message) and brings the page's data up to date; callers only learn success.
 */
export function useShipmentActions(shipment: ShipmentDetail) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const run = useAction();
  const address = useNotificationAddress();
  const [, navigate] = useLocation();
  const key = { shipmentId: shipment.id };
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(refetchTimer.current), []);

  const update = trpc.shipments.update.useMutation();
  const remove = trpc.shipments.delete.useMutation();
  const favorite = trpc.shipments.createFavorite.useMutation();
  const unfavorite = trpc.shipments.deleteFavorite.useMutation();
  const subscribe = trpc.shipments.subscribe.useMutation();
  const unsubscribe = trpc.shipments.unsubscribe.useMutation();
  const refresh = trpc.tracking.refresh.useMutation();

  // Lists elsewhere (the console home, counts) show the same shipment: mark them stale too.
  const afterChange = async (next?: ShipmentDetail) => {
    if (next) utils.shipments.get.setData(key, next);
    await utils.shipments.invalidate();
  };

  return {
    pending: {
      update: update.isPending,
      delete: remove.isPending,
      favorite: favorite.isPending || unfavorite.isPending,
      subscription: subscribe.isPending || unsubscribe.isPending,
      refresh: refresh.isPending,
    },
    /** Subscribing mails nobody: the viewer has no notification e-mail address. */
    notificationAddressMissing: address.missing,

    /** Saves the edit dialog's changes; true when saved. */
    async save(
      input: ShipmentUpdateInput,
      successText?: string,
      options: { confirmCheckDigit?: boolean } = {},
    ): Promise<boolean> {
      const saved = await run(
        () => update.mutateAsync({ shipmentId: shipment.id, input, ...options }),
        () => successText ?? t("shipmentDetail.edit.saved"),
      );
      if (!saved) return false;
      await afterChange(saved);
      return true;
    },

    /**
     * Moves the shipment to another team. Someone who does not see the new team (a Manager who is
     * not in it) can no longer open the shipment, so the page then goes back to the console home.
     */
    async moveTeam(team: { id: string; name: string }): Promise<boolean> {
      const moved = await run(
        () => update.mutateAsync({ shipmentId: shipment.id, input: { teamId: team.id } }),
        () => t("shipmentDetail.move.done", { team: team.name }),
      );
      if (!moved) return false;
      const stillVisible = await utils.shipments.get.fetch(key, { staleTime: 0 }).catch(() => null);
      if (!stillVisible) {
        navigate(paths.console);
        await utils.shipments.invalidate(undefined, { refetchType: "active" });
        return true;
      }
      await afterChange(stillVisible);
      return true;
    },

    async setArchived(isArchived: boolean): Promise<boolean> {
      const saved = await run(
        () => update.mutateAsync({ shipmentId: shipment.id, input: { isArchived } }),
        () =>
          isArchived ? t("shipmentDetail.actions.archivedDone") : t("shipmentDetail.actions.unarchivedDone"),
      );
      if (!saved) return false;
      await afterChange(saved);
      return true;
    },

    async toggleFavorite(): Promise<void> {
      const on = !shipment.isFavoriteForViewer;
      const done = await run(
        () => (on ? favorite.mutateAsync(key) : unfavorite.mutateAsync(key)),
        () => (on ? t("shipmentDetail.actions.favoriteOn") : t("shipmentDetail.actions.favoriteOff")),
      );
      if (done) await afterChange({ ...shipment, isFavoriteForViewer: done.isFavoriteForViewer });
    },

    async toggleSubscription(): Promise<void> {
      const on = !shipment.isNotificationEnabledForViewer;
      const done = await run(
        () => (on ? subscribe.mutateAsync(key) : unsubscribe.mutateAsync(key)),
        () => {
          if (!on) return t("shipmentDetail.actions.unsubscribed");
          return address.missing
            ? t("notifications.noAddress.subscribed")
            : t("shipmentDetail.actions.subscribed");
        },
      );
      if (done) {
        await afterChange({
          ...shipment,
          isNotificationEnabledForViewer: done.isNotificationEnabledForViewer,
        });
      }
    },

    /** The Update button: queue a refresh, then read the shipment again after QUEUE_REFETCH_DELAY_MS. */
    async requestRefresh(): Promise<void> {
      const result = await run(
        () => refresh.mutateAsync(key),
        (r) =>
          r.queued ? t("shipmentDetail.actions.refreshQueued") : t("shipmentDetail.actions.refreshAlready"),
      );
      if (!result) return;
      clearTimeout(refetchTimer.current);
      refetchTimer.current = setTimeout(() => {
        void utils.shipments.get.invalidate(key);
        void utils.shipments.activities.invalidate(key);
      }, QUEUE_REFETCH_DELAY_MS);
    },

    /** Deletes for good and leaves for the console home (spec 01 §4). */
    async deleteShipment(): Promise<boolean> {
      const done = await run(
        () => remove.mutateAsync(key),
        () => t("shipmentDetail.delete.done"),
      );
      if (!done) return false;
      navigate(paths.console);
      // The deleted shipment's own queries must not refetch into "not found"; the rest go stale.
      utils.shipments.get.setData(key, undefined);
      await utils.shipments.invalidate(undefined, { refetchType: "active" });
      return true;
    },
  };
}

export type ShipmentActions = ReturnType<typeof useShipmentActions>;
