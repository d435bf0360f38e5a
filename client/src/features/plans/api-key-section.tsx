import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/dialog";
import { SettingsSection } from "../../components/ui/section";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { useToast } from "../../components/ui/toast";
import { copyText } from "../../lib/clipboard";
import { viewerDateTime } from "../../lib/date-time";
import { failureText } from "../../lib/error-text";
import { trpc } from "../../lib/trpc";

/**
 * The viewer's API key (spec 02 §2): hidden until Show API Key, then fetched (masked, with its
 * dates). Generating or regenerating answers the whole key once; it is shown here until dismissed.
 */
export function ApiKeySection() {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const status = trpc.apiSettings.keyStatus.useQuery();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState<"regenerate" | "revoke" | null>(null);
  const [issued, setIssued] = useState<string | null>(null);
  const generate = trpc.apiSettings.generateKey.useMutation();
  const revoke = trpc.apiSettings.revokeKey.useMutation();

  const refresh = () =>
    Promise.all([utils.apiSettings.keyStatus.invalidate(), utils.apiSettings.key.invalidate()]);

  const runGenerate = async () => {
    try {
      const result = await generate.mutateAsync();
      setConfirming(null);
      setIssued(result.token);
      await refresh();
    } catch (error) {
      toast.error(failureText(error, t));
    }
  };
  const runRevoke = async () => {
    try {
      await revoke.mutateAsync();
      setConfirming(null);
      setIssued(null);
      toast.success(t("apiSettings.key.revoked"));
      await refresh();
    } catch (error) {
      toast.error(failureText(error, t));
    }
  };

  let body: React.ReactNode;
  if (status.isError) {
    body = <ErrorState message={failureText(status.error, t)} onRetry={() => void status.refetch()} />;
  } else if (!status.data) {
    body = <LoadingState />;
  } else {
    const hasKey = status.data.hasKey;
    body = (
      <div className="space-y-4">
        {issued ? <NewKey token={issued} onDismiss={() => setIssued(null)} /> : null}
        {hasKey ? (
          shown ? (
            <ShownKey onHide={() => setShown(false)} />
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600">{t("apiSettings.key.hidden")}</p>
              <Button onClick={() => setShown(true)}>{t("apiSettings.key.show")}</Button>
            </div>
          )
        ) : (
          <p className="text-sm text-slate-600">{t("apiSettings.key.none")}</p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button
            variant="primary"
            disabled={generate.isPending}
            aria-busy={generate.isPending || undefined}
            onClick={() => (hasKey ? setConfirming("regenerate") : void runGenerate())}
          >
            {generate.isPending && !confirming
              ? t("apiSettings.key.generating")
              : hasKey
                ? t("apiSettings.key.regenerate")
                : t("apiSettings.key.generate")}
          </Button>
          {hasKey ? (
            <Button variant="ghost" className="text-red-700" onClick={() => setConfirming("revoke")}>
              {t("apiSettings.key.revoke")}
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <SettingsSection
      id="api-key"
      title={t("apiSettings.key.title")}
      description={t("apiSettings.key.description")}
    >
      {body}
      <ConfirmDialog
        open={confirming === "regenerate"}
        onOpenChange={(open) => setConfirming(open ? "regenerate" : null)}
        title={t("apiSettings.key.regenerateTitle")}
        body={t("apiSettings.key.regenerateBody")}
        confirmLabel={t("apiSettings.key.regenerateConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void runGenerate()}
        pending={generate.isPending}
        destructive
      />
      <ConfirmDialog
        open={confirming === "revoke"}
        onOpenChange={(open) => setConfirming(open ? "revoke" : null)}
        title={t("apiSettings.key.revokeTitle")}
        body={t("apiSettings.key.revokeBody")}
        confirmLabel={t("apiSettings.key.revokeConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void runRevoke()}
        pending={revoke.isPending}
        destructive
      />
    </SettingsSection>
  );
}

/** The masked key and its dates, fetched only now (Show API Key). */
function ShownKey({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation();
  const key = trpc.apiSettings.key.useQuery();
  if (key.isError)
    return <ErrorState message={failureText(key.error, t)} onRetry={() => void key.refetch()} />;
  if (key.data === undefined) return <LoadingState />;
  if (key.data === null) return <p className="text-sm text-slate-600">{t("apiSettings.key.none")}</p>;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="space-y-1.5">
        <p className="text-xs font-medium text-slate-500">{t("apiSettings.key.label")}</p>
        <code
          data-testid="api-key-masked"
          className="inline-block rounded-md bg-slate-100 px-2.5 py-1.5 font-mono text-sm"
        >
          {key.data.maskedKey}
        </code>
        <p className="text-xs text-slate-500">
          {t("apiSettings.key.created", { date: viewerDateTime(key.data.createdAt) })}
          {" · "}
          {key.data.lastUsedAt
            ? t("apiSettings.key.lastUsed", { date: viewerDateTime(key.data.lastUsedAt) })
            : t("apiSettings.key.neverUsed")}
        </p>
      </div>
      <Button variant="ghost" onClick={onHide}>
        {t("apiSettings.key.hide")}
      </Button>
    </div>
  );
}

/** The whole key, once: copy it now, it is not stored. */
function NewKey({ token, onDismiss }: { token: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    if (await copyText(token)) toast.success(t("apiSettings.key.copied"));
    else toast.error(t("apiSettings.key.copyFailed"));
  };
  return (
    <Alert
      tone="warning"
      role="status"
      title={t("apiSettings.key.newTitle")}
      actions={
        <>
          <Button size="sm" variant="primary" onClick={() => void copy()}>
            {t("apiSettings.key.copy")}
          </Button>
          <Button size="sm" onClick={onDismiss}>
            {t("apiSettings.key.dismiss")}
          </Button>
        </>
      }
    >
      <p>{t("apiSettings.key.newWarning")}</p>
      <code
        data-testid="api-key-new"
        className="mt-2 block rounded-md bg-white px-2.5 py-1.5 font-mono text-sm break-all text-slate-900 select-all"
      >
        {token}
      </code>
    </Alert>
  );
}
