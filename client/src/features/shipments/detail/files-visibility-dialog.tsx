import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isEmail } from "../../../../../shared/schemas/common";
import { splitEmails } from "../../../../../shared/schemas/invitations";
import { Alert } from "../../../components/ui/alert";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import { CheckboxField, TextAreaField } from "../../../components/ui/field";
import { trpc } from "../../../lib/trpc";
import { useAction } from "../../../lib/use-action";
import type { ShipmentAttachment } from "./files-tab";

type Scope = "INTERNAL_ONLY" | "LIMITED_SHARING";

/**
 * Who may see a file (spec 02 §4): Internal only, or Limited sharing with e-mail addresses that
 * download it on the share page; newly added addresses may be told by e-mail with a message.
 */
export function VisibilityDialog({
  attachment,
  shipmentId,
  hasShareLink,
  onClose,
}: {
  attachment: ShipmentAttachment;
  shipmentId: string;
  hasShareLink: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useAction();
  const utils = trpc.useUtils();
  const update = trpc.attachments.updateVisibility.useMutation();
  const legendId = useId();
  const [scope, setScope] = useState<Scope>(attachment.visibilityScope);
  const [emails, setEmails] = useState(attachment.shareList.map((s) => s.email).join("\n"));
  const [notify, setNotify] = useState(true);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const list = scope === "LIMITED_SHARING" ? splitEmails(emails) : [];
    const bad = list.find((email) => !isEmail(email));
    if (bad) return setError(t("validation.invalidEmailAddress", { email: bad }));
    if (scope === "LIMITED_SHARING" && list.length === 0)
      return setError(t("attachments.visibility.emailsRequired"));
    setError(undefined);
    const done = await run(
      () =>
        update.mutateAsync({
          attachmentId: attachment.id,
          visibilityScope: scope,
          emails: list,
          sendNotification: scope === "LIMITED_SHARING" && notify,
          notificationMessage: message.trim() || null,
        }),
      () => t("attachments.visibility.saved"),
    );
    if (!done) return;
    await utils.attachments.list.invalidate({ shipmentId });
    onClose();
  };

  const option = (value: Scope, hint: string) => (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 ${
        scope === value ? "border-blue-500 bg-blue-50" : "border-slate-200"
      }`}
    >
      <input
        type="radio"
        name="visibilityScope"
        value={value}
        checked={scope === value}
        onChange={() => setScope(value)}
        className="mt-1 accent-blue-700"
      />
      <span>
        <span className="block text-sm font-medium text-slate-900">{t(`attachments.scope.${value}`)}</span>
        <span className="block text-xs text-slate-600">{hint}</span>
      </span>
    </label>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("attachments.visibility.title")}
      description={t("attachments.visibility.description", { filename: attachment.filename })}
      closeLabel={t("common.close")}
      size="lg"
    >
      <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
        <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
          <legend id={legendId} className="mb-1 text-sm font-medium text-slate-800">
            {t("attachments.visibility.scopeLegend")}
          </legend>
          {option("INTERNAL_ONLY", t("attachments.visibility.internalHint"))}
          {option("LIMITED_SHARING", t("attachments.visibility.limitedHint"))}
        </fieldset>
        {scope === "LIMITED_SHARING" ? (
          <>
            {hasShareLink ? null : <Alert tone="warning">{t("attachments.visibility.noShareLink")}</Alert>}
            <TextAreaField
              label={t("attachments.visibility.emails")}
              hint={t("attachments.visibility.emailsHint")}
              value={emails}
              onValueChange={setEmails}
              error={error}
              autoComplete="off"
            />
            <CheckboxField
              label={t("attachments.visibility.sendNotification")}
              checked={notify}
              onCheckedChange={setNotify}
            />
            {notify ? (
              <TextAreaField
                label={t("attachments.visibility.message")}
                placeholder={t("attachments.visibility.messagePlaceholder")}
                value={message}
                onValueChange={setMessage}
                maxLength={2000}
              />
            ) : null}
          </>
        ) : null}
        <DialogActions
          onCancel={onClose}
          submitLabel={t("attachments.visibility.save")}
          pending={update.isPending}
        />
      </form>
    </Dialog>
  );
}
