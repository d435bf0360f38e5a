import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/dialog";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { useToast } from "../../components/ui/toast";
import { copyText } from "../../lib/clipboard";
import { failureText } from "../../lib/error-text";
import { trpc } from "../../lib/trpc";

/** The company's whsec_ signing secret: fetched only when revealed, rotated after a confirmation. */
export function SigningSecret() {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const secret = trpc.webhooks.signingSecret.useQuery(undefined, {
    enabled: revealed,
    // A secret should not linger in the cache once hidden.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const rotate = trpc.webhooks.rotateSecret.useMutation();

  const runRotate = async () => {
    try {
      const rotated = await rotate.mutateAsync();
      setConfirming(false);
      utils.webhooks.signingSecret.setData(undefined, rotated);
      setRevealed(true);
      toast.success(t("apiSettings.secret.rotated"));
    } catch (error) {
      toast.error(failureText(error, t));
    }
  };
  const copy = async (value: string) => {
    if (await copyText(value)) toast.success(t("apiSettings.secret.copied"));
    else toast.error(t("apiSettings.key.copyFailed"));
  };

  let value: React.ReactNode;
  if (!revealed) {
    value = <p className="text-sm text-slate-600">{t("apiSettings.secret.hidden")}</p>;
  } else if (secret.isError) {
    value = <ErrorState message={failureText(secret.error, t)} onRetry={() => void secret.refetch()} />;
  } else if (!secret.data) {
    value = <LoadingState />;
  } else {
    const shown = secret.data.secret;
    value = (
      <div className="flex flex-wrap items-center gap-2">
        <span className="sr-only">{t("apiSettings.secret.label")}</span>
        <code
          data-testid="webhook-secret"
          className="rounded-md bg-slate-100 px-2.5 py-1.5 font-mono text-sm break-all text-slate-900 select-all"
        >
          {shown}
        </code>
        <Button size="sm" variant="ghost" onClick={() => void copy(shown)}>
          {t("apiSettings.secret.copy")}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t("apiSettings.secret.title")}</h3>
        <p className="mt-1 text-sm text-slate-600">{t("apiSettings.secret.description")}</p>
      </div>
      {value}
      <div className="flex flex-wrap gap-3">
        <Button size="sm" onClick={() => setRevealed((v) => !v)} aria-pressed={revealed}>
          {revealed ? t("apiSettings.secret.hide") : t("apiSettings.secret.reveal")}
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setConfirming(true)}>
          {t("apiSettings.secret.rotate")}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("apiSettings.secret.rotateTitle")}
        body={t("apiSettings.secret.rotateBody")}
        confirmLabel={t("apiSettings.secret.rotateConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void runRotate()}
        pending={rotate.isPending}
        destructive
      />
    </div>
  );
}
