import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BulkResult } from "../../../../../shared/schemas/list";
import { PremiumBadge } from "../../../components/shared/premium";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { XIcon } from "../../../components/ui/icons";
import { ArchiveIcon, ArrowRightIcon, MailIcon, TrashIcon } from "../../../components/ui/icons-actions";
import { useToast } from "../../../components/ui/toast";
import { failureText } from "../../../lib/error-text";
import { trpc } from "../../../lib/trpc";
import { NoNotificationAddress, useNotificationAddress } from "../common/notification-address";
import type { ListAbilities } from "./abilities";
import { MoveDialog } from "./move-dialog";
import { type SelectionStore, useSelectionCount } from "./selection-store";

export type BulkKind = "subscribe" | "unsubscribe" | "archive" | "delete";

/** The toast after a bulk call: the spec's message for what worked, and a count of what was skipped. */
export function useBulkOutcome() {
  const { t } = useTranslation();
  const toast = useToast();
  return (kind: BulkKind | "move", result: BulkResult) => {
    const skipped = result.failed > 0 ? t("shipmentList.bulk.skipped", { count: result.failed }) : "";
    if (result.succeeded === 0 && result.failed > 0) {
      toast.error(skipped);
      return;
    }
    const done = t(`shipmentList.bulk.result.${kind}`, { count: result.succeeded });
    toast.success(skipped ? `${done}. ${skipped}` : done);
  };
}

/**
 * The actions on the selected shipments (spec 01 §4), each after a confirmation. What the role
 * cannot do is not offered; moving to another team shows the Premium badge on lower plans.
 */
export function BulkBar({
  store,
  abilities,
  teamId,
  onChanged,
}: {
  store: SelectionStore;
  abilities: ListAbilities;
  teamId: string | null;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const count = useSelectionCount(store);
  const outcome = useBulkOutcome();
  const [confirming, setConfirming] = useState<BulkKind | null>(null);
  const [moving, setMoving] = useState(false);
  const address = useNotificationAddress();
  // Subscribing without a notification address mails nobody: the dialog must not promise e-mail.
  const noMail = confirming === "subscribe" && address.missing;
  const mutations = {
    subscribe: trpc.shipments.bulkSubscribe.useMutation(),
    unsubscribe: trpc.shipments.bulkUnsubscribe.useMutation(),
    archive: trpc.shipments.bulkArchive.useMutation(),
    delete: trpc.shipments.bulkDelete.useMutation(),
  };
  const pending = confirming ? mutations[confirming].isPending : false;

  const run = async () => {
    if (!confirming) return;
    const kind = confirming;
    try {
      const result = await mutations[kind].mutateAsync({ shipmentIds: store.selectedIds() });
      outcome(kind, result);
      store.clear();
      await onChanged();
    } catch (error) {
      toast.error(failureText(error, t));
    } finally {
      setConfirming(null);
    }
  };

  if (count === 0) return null;
  const action = (kind: BulkKind, icon: ReactNode, allowed: boolean) =>
    allowed ? (
      <Button
        size="sm"
        variant={kind === "delete" ? "danger" : "secondary"}
        onClick={() => setConfirming(kind)}
      >
        {icon}
        {t(`shipmentList.bulk.${kind}`)}
      </Button>
    ) : null;

  return (
    <section
      aria-label={t("shipmentList.bulk.label")}
      className="flex flex-wrap items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2"
    >
      <span className="mr-1 text-sm font-medium text-blue-900" aria-live="polite">
        {t("shipmentList.bulk.selected", { count })}
      </span>
      <Button
        size="icon"
        variant="ghost"
        onClick={() => store.clear()}
        aria-label={t("shipmentList.bulk.clear")}
        title={t("shipmentList.bulk.clear")}
        className="-ml-1 size-8 text-blue-900 hover:bg-blue-100"
      >
        <XIcon className="size-4" />
      </Button>
      {action("subscribe", <MailIcon className="size-4" />, abilities.subscribe)}
      {action("unsubscribe", <MailIcon className="size-4" />, abilities.subscribe)}
      {action("archive", <ArchiveIcon className="size-4" />, abilities.archive)}
      {abilities.move === "allowed" ? (
        <Button size="sm" onClick={() => setMoving(true)}>
          <ArrowRightIcon className="size-4" />
          {t("shipmentList.bulk.move")}
        </Button>
      ) : abilities.move === "upgrade" ? (
        <span className="inline-flex items-center gap-1.5">
          <Button size="sm" disabled>
            <ArrowRightIcon className="size-4" />
            {t("shipmentList.bulk.move")}
          </Button>
          <PremiumBadge canUpgrade={abilities.canUpgrade} feature={t("shipmentList.other.moveFeature")} />
        </span>
      ) : null}
      {action("delete", <TrashIcon className="size-4" />, abilities.delete)}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && !pending && setConfirming(null)}
        title={confirming ? t(`shipmentList.bulk.confirmTitle.${confirming}`) : ""}
        body={
          noMail
            ? t("notifications.noAddress.bulkBody", { count })
            : confirming
              ? t(`shipmentList.bulk.confirmBody.${confirming}`, { count })
              : ""
        }
        confirmLabel={confirming ? t(`shipmentList.bulk.${confirming}`) : ""}
        cancelLabel={t("common.cancel")}
        onConfirm={run}
        pending={pending}
        destructive={confirming === "delete" || confirming === "archive"}
      >
        {noMail ? <NoNotificationAddress className="mt-4" /> : null}
      </ConfirmDialog>
      <MoveDialog
        open={moving}
        onOpenChange={setMoving}
        store={store}
        currentTeamId={teamId}
        onMoved={async (result) => {
          outcome("move", result);
          store.clear();
          await onChanged();
        }}
      />
    </section>
  );
}
