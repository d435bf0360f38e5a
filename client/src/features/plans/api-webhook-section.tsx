import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { issueMessage } from "../../../../shared/schemas";
import { UpdateWebhookUrlInput } from "../../../../shared/schemas/webhooks";
import { Alert } from "../../components/ui/alert";
import { Button, SubmitButton } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { SettingsSection } from "../../components/ui/section";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { useToast } from "../../components/ui/toast";
import { viewerDateTime } from "../../lib/date-time";
import { failureText } from "../../lib/error-text";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { SigningSecret } from "./api-signing-secret";

type WebhookSettings = RouterOutputs["webhooks"]["settings"];

/** The viewer's webhook URL (spec 02 §2: "The webhook URL can be saved"), its state, a test event. */
export function WebhookSection() {
  const { t } = useTranslation();
  const settings = trpc.webhooks.settings.useQuery();
  let body: React.ReactNode;
  if (settings.isError) {
    body = <ErrorState message={failureText(settings.error, t)} onRetry={() => void settings.refetch()} />;
  } else if (!settings.data) {
    body = <LoadingState />;
  } else {
    body = <WebhookForm settings={settings.data} />;
  }
  return (
    <SettingsSection
      id="api-webhook"
      title={t("apiSettings.webhook.title")}
      description={t("apiSettings.webhook.description")}
    >
      {body}
      <div className="mt-6 border-t border-slate-200 pt-5">
        <SigningSecret />
      </div>
    </SettingsSection>
  );
}

function WebhookForm({ settings }: { settings: WebhookSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [url, setUrl] = useState(settings.url ?? "");
  const [error, setError] = useState<string | undefined>();
  const update = trpc.webhooks.updateUrl.useMutation();
  const sendTest = trpc.webhooks.sendTestEvent.useMutation();
  useEffect(() => setUrl(settings.url ?? ""), [settings.url]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateWebhookUrlInput.safeParse({ webhookUrl: url });
    const issue = parsed.error?.issues[0];
    if (issue) {
      setError(issueMessage(issue, t));
      return;
    }
    setError(undefined);
    try {
      const saved = await update.mutateAsync({ webhookUrl: url });
      utils.webhooks.settings.setData(undefined, saved);
      toast.success(saved.url ? t("apiSettings.webhook.saved") : t("apiSettings.webhook.removed"));
      await utils.webhooks.deliveries.invalidate();
    } catch (failure) {
      setError(failureText(failure, t));
    }
  };

  const test = async () => {
    try {
      await sendTest.mutateAsync();
      toast.success(t("apiSettings.webhook.testSent"));
      await utils.webhooks.deliveries.invalidate();
    } catch (failure) {
      toast.error(failureText(failure, t));
    }
  };

  const disabledText =
    settings.disabledReason === "GONE"
      ? t("apiSettings.webhook.disabledGone", { date: viewerDateTime(settings.disabledAt) })
      : settings.disabledReason === "FAILING"
        ? t("apiSettings.webhook.disabledFailing", { date: viewerDateTime(settings.disabledAt) })
        : null;

  return (
    <div className="space-y-4">
      {settings.url && !settings.enabled && disabledText ? (
        <Alert tone="warning" role="status" title={disabledText}>
          {t("apiSettings.webhook.disabledHint")}
        </Alert>
      ) : null}
      <form onSubmit={(event) => void save(event)} noValidate className="space-y-3">
        <TextField
          label={t("apiSettings.webhook.url")}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
          value={url}
          onValueChange={setUrl}
          error={error}
          hint={t("apiSettings.webhook.urlHint")}
        />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton submitting={update.isPending}>
            {update.isPending ? t("apiSettings.webhook.saving") : t("apiSettings.webhook.save")}
          </SubmitButton>
          <Button
            onClick={() => void test()}
            disabled={!settings.url || sendTest.isPending}
            aria-busy={sendTest.isPending || undefined}
            title={settings.url ? undefined : t("apiSettings.webhook.needUrl")}
          >
            {sendTest.isPending ? t("apiSettings.webhook.sending") : t("apiSettings.webhook.sendTest")}
          </Button>
          {settings.url && settings.enabled ? (
            <span className="text-sm text-emerald-700">{t("apiSettings.webhook.active")}</span>
          ) : null}
        </div>
        {!settings.url ? <p className="text-xs text-slate-500">{t("apiSettings.webhook.needUrl")}</p> : null}
      </form>
    </div>
  );
}
