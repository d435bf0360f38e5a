import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { inputClasses } from "../../../components/ui/field";
import { ExternalLinkIcon } from "../../../components/ui/icons-actions";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover";
import { useToast } from "../../../components/ui/toast";
import { trpc } from "../../../lib/trpc";
import { useAction } from "../../../lib/use-action";
import { CopyIcon, LinkIcon } from "./share-link-icons";
import type { ShipmentDetail } from "./types";

type Confirming = "regenerate" | "revoke" | null;

/**
 * The shipment's share link (spec 02 §2) for those who may edit it: copy or open it, replace it
 * (the old link stops working) or turn it off, and create one again. The server answers the token
 * only to editors and checks again on every change.
 */
export function ShareLinkControl({ shipment }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const run = useAction();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const regenerate = trpc.share.regenerateToken.useMutation();
  const revoke = trpc.share.revokeToken.useMutation();
  const key = { shipmentId: shipment.id };
  const token = shipment.shareToken;
  const url = token ? `${window.location.origin}/app/share/${token}` : "";

  const applied = async (shareToken: string | null) => {
    utils.shipments.get.setData(key, (previous) => (previous ? { ...previous, shareToken } : previous));
    await utils.shipments.activities.invalidate(key);
  };

  const issue = async (successKey: "share.link.created" | "share.link.regenerated") => {
    const done = await run(
      () => regenerate.mutateAsync(key),
      () => t(successKey),
    );
    if (done) await applied(done.shareToken);
    setConfirming(null);
  };

  const turnOff = async () => {
    const done = await run(
      () => revoke.mutateAsync(key),
      () => t("share.link.revoked"),
    );
    if (done) await applied(null);
    setConfirming(null);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("share.link.copied"));
    } catch {
      toast.error(t("share.link.copyFailed"));
    }
  };

  const ask = (what: Confirming) => {
    setOpen(false);
    setConfirming(what);
  };

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button variant="secondary">
            <LinkIcon className="size-4" />
            {t("share.link.title")}
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" className="w-[min(28rem,calc(100vw-2rem))] p-4">
          <h2 className="text-sm font-semibold text-slate-900">{t("share.link.title")}</h2>
          <p className="mt-1 text-sm text-slate-600">{t("share.link.description")}</p>
          {token ? (
            <div className="mt-3 flex flex-col gap-3">
              <div className="flex gap-2">
                <input
                  readOnly
                  value={url}
                  aria-label={t("share.link.address")}
                  onFocus={(event) => event.currentTarget.select()}
                  className={`${inputClasses} border-slate-300 font-mono text-xs`}
                />
                <Button variant="primary" onClick={() => void copy()}>
                  <CopyIcon className="size-4" />
                  {t("share.link.copy")}
                </Button>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 text-sm font-medium text-blue-700 hover:underline"
                >
                  <ExternalLinkIcon className="size-4" />
                  {t("share.link.open")}
                </a>
                <div className="flex gap-2">
                  <Button size="sm" onClick={() => ask("regenerate")}>
                    {t("share.link.regenerate")}
                  </Button>
                  <Button size="sm" variant="ghost" className="text-red-700" onClick={() => ask("revoke")}>
                    {t("share.link.revoke")}
                  </Button>
                </div>
              </div>
            </div>
          ) : (
            <div className="mt-3 flex flex-col items-start gap-3">
              <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">{t("share.link.off")}</p>
              <Button
                variant="primary"
                size="sm"
                disabled={regenerate.isPending}
                onClick={() => void issue("share.link.created")}
              >
                {t("share.link.create")}
              </Button>
            </div>
          )}
        </PopoverContent>
      </Popover>
      <ConfirmDialog
        open={confirming === "regenerate"}
        onOpenChange={(next) => !next && setConfirming(null)}
        title={t("share.link.regenerateTitle")}
        body={t("share.link.regenerateBody")}
        confirmLabel={t("share.link.regenerateConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void issue("share.link.regenerated")}
        pending={regenerate.isPending}
      />
      <ConfirmDialog
        open={confirming === "revoke"}
        onOpenChange={(next) => !next && setConfirming(null)}
        title={t("share.link.revokeTitle")}
        body={t("share.link.revokeBody")}
        confirmLabel={t("share.link.revokeConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void turnOff()}
        pending={revoke.isPending}
        destructive
      />
    </>
  );
}
