import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { DeleteAccountForm } from "../../../../shared/schemas";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/dialog";
import { CheckboxField } from "../../components/ui/field";
import { SettingsSection } from "../../components/ui/section";
import { useToast } from "../../components/ui/toast";
import { errorText, postAuth } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";
import { forgetSession } from "../../lib/session";

/** Account deletion: the checkbox ('Please check the above.'), then a confirmation dialog. */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useZodForm(DeleteAccountForm, { confirmed: false });

  const onSubmit = form.handleSubmit(() => setConfirming(true));

  const remove = async () => {
    setDeleting(true);
    try {
      // The REST route also clears the session cookie in the same answer.
      await postAuth("/auth/delete_account", { confirm: true });
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
      setDeleting(false);
      return;
    }
    setConfirming(false);
    forgetSession(queryClient);
    toast.success(t("account.delete.deleted"));
    navigate(paths.signIn, { replace: true });
  };

  return (
    <SettingsSection
      id="delete-account"
      tone="danger"
      title={t("account.delete.title")}
      description={t("account.delete.body")}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <CheckboxField
          name="confirmed"
          label={t("account.delete.confirmCheck")}
          checked={form.values.confirmed}
          onCheckedChange={(v) => form.set("confirmed", v)}
          error={form.errors.confirmed}
        />
        <Button type="submit" variant="danger">
          {t("account.delete.submit")}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("account.delete.confirmTitle")}
        body={t("account.delete.confirmBody")}
        confirmLabel={deleting ? t("account.delete.deleting") : t("account.delete.confirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void remove()}
        pending={deleting}
        destructive
      />
    </SettingsSection>
  );
}
