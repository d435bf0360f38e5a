import { useTranslation } from "react-i18next";
import { SigninInput } from "../../../../shared/schemas";
import { Dialog, DialogActions } from "../../components/ui/dialog";
import { PasswordField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorText, type Me, postAuth } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";
import { type FirebaseClientConfig, FirebaseSignInError, firebaseIdToken } from "./firebase-auth";

/** The Firebase account's e-mail and password, opened from FirebaseSignIn (firebase-sign-in.tsx). */
export function FirebaseDialog({
  config,
  onClose,
  onSignedIn,
}: {
  config: FirebaseClientConfig;
  onClose: () => void;
  onSignedIn: (me: Me) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useZodForm(SigninInput, { email: "", password: "" });

  const onSubmit = form.handleSubmit(async (input) => {
    let firebaseToken: string;
    try {
      firebaseToken = await firebaseIdToken(config, input);
    } catch (error) {
      const reason = error instanceof FirebaseSignInError ? error.reason : "unavailable";
      toast.error(t(`auth.firebase.${reason}`));
      return;
    }
    try {
      onSignedIn(await postAuth<Me>("/auth/signin_with_firebase_token", { firebaseToken }));
    } catch (error) {
      // Spec 01 §8: a refused Firebase token shows the server's message.
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("auth.firebase.title")}
      description={t("auth.firebase.description")}
      closeLabel={t("common.close")}
    >
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
        <TextField
          label={t("auth.fields.email")}
          type="email"
          autoComplete="username"
          {...form.field("email")}
        />
        <PasswordField
          label={t("auth.fields.password")}
          autoComplete="current-password"
          {...form.field("password")}
        />
        <DialogActions onCancel={onClose} submitLabel={t("auth.firebase.submit")} pending={form.submitting} />
      </form>
    </Dialog>
  );
}
