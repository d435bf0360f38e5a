import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CYBERPORT_CREDENTIAL_FIELDS,
  CYBERPORT_SECRET_FIELDS,
  type CyberportCredentialField,
  CyberportCredentialsUpdate,
} from "../../../../shared/schemas/cyberport";
import { Badge } from "../../components/ui/badge";
import { Button, SubmitButton } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/dialog";
import { PasswordField, TextField } from "../../components/ui/field";
import { useZodForm } from "../../lib/form";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";

type State = RouterOutputs["cyberport"]["state"];
type SetKey = keyof State["credentialsSet"];

/** The contract name of each credential (spec 02 §3) → the state's "is it set" flag. */
export const SET_KEY: Record<CyberportCredentialField, SetKey> = {
  cyberportLoginUsername: "loginUsername",
  cyberportLoginPassword: "loginPassword",
  cyberportAppId: "appId",
  cyberportClientId: "clientId",
  cyberportClientSecret: "clientSecret",
};

const BLANK = {
  cyberportLoginUsername: "",
  cyberportLoginPassword: "",
  cyberportAppId: "",
  cyberportClientId: "",
  cyberportClientSecret: "",
};

const MASK = "••••••••";

/**
 * The five credentials, write-only: a saved one shows a mask and a blank field keeps it. The
 * browser is told these are not the person's own sign-in (autocomplete off / new-password), so it
 * neither fills nor offers to remember them.
 */
export function CyberportCredentialsForm({
  teamId,
  teamName,
  state,
}: {
  teamId: string;
  teamName: string;
  state: State;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const run = useAction();
  const save = trpc.cyberport.saveCredentials.useMutation();
  const clear = trpc.cyberport.clearCredentials.useMutation();
  const [clearing, setClearing] = useState(false);
  const form = useZodForm(CyberportCredentialsUpdate, BLANK);
  const nothingTyped = CYBERPORT_CREDENTIAL_FIELDS.every((f) => form.values[f].trim() === "");
  const anySet = Object.values(state.credentialsSet).some(Boolean);

  const onSubmit = form.handleSubmit(async (input) => {
    const saved = await run(
      () => save.mutateAsync({ teamId, input }),
      () => t("cyberport.credentials.saved"),
    );
    if (!saved) return;
    utils.cyberport.state.setData({ teamId }, saved);
    form.reset(BLANK);
  });

  const confirmClear = async () => {
    const cleared = await run(
      () => clear.mutateAsync({ teamId }),
      () => t("cyberport.credentials.cleared"),
    );
    if (!cleared) return;
    utils.cyberport.state.setData({ teamId }, cleared);
    setClearing(false);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t("cyberport.credentials.caption", { team: teamName })}>
      <div className="grid gap-4 sm:grid-cols-2">
        {CYBERPORT_CREDENTIAL_FIELDS.map((name) => {
          const isSet = state.credentialsSet[SET_KEY[name]];
          const Field = CYBERPORT_SECRET_FIELDS.includes(name) ? PasswordField : TextField;
          return (
            <Field
              key={name}
              label={t(`cyberport.credentials.fields.${name}`)}
              autoComplete={CYBERPORT_SECRET_FIELDS.includes(name) ? "new-password" : "off"}
              spellCheck={false}
              placeholder={isSet ? MASK : ""}
              hint={isSet ? t("cyberport.credentials.savedHint") : t("cyberport.credentials.notSet")}
              {...form.field(name)}
            />
          );
        })}
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <SubmitButton submitting={form.submitting} disabled={nothingTyped}>
          {t("cyberport.credentials.save")}
        </SubmitButton>
        {anySet ? (
          <Button variant="secondary" onClick={() => setClearing(true)}>
            {t("cyberport.credentials.clear")}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={clearing}
        onOpenChange={setClearing}
        title={t("cyberport.credentials.clearTitle")}
        body={t("cyberport.credentials.clearBody", { team: teamName })}
        confirmLabel={t("cyberport.credentials.clearConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void confirmClear()}
        pending={clear.isPending}
        destructive
      />
    </form>
  );
}

/** What people who may not change the credentials see: which are saved, never what. */
export function CyberportCredentialsSummary({ state }: { state: State }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
      {CYBERPORT_CREDENTIAL_FIELDS.map((name) => {
        const isSet = state.credentialsSet[SET_KEY[name]];
        return (
          <div
            key={name}
            className="flex items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-2"
          >
            <dt className="text-sm text-slate-700">{t(`cyberport.credentials.fields.${name}`)}</dt>
            <dd>
              <Badge tone={isSet ? "success" : "neutral"}>
                {isSet ? t("cyberport.credentials.set") : t("cyberport.credentials.notSet")}
              </Badge>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
