import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SigninInput } from "../../../../shared/schemas";
import { Button } from "../../components/ui/button";
import { Dialog, DialogActions } from "../../components/ui/dialog";
import { PasswordField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorText, type Me, postAuth } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";
import { FirebaseSignInError, firebaseClientConfig, firebaseIdToken } from "./firebase-auth";

const FIREBASE = firebaseClientConfig();

/**
 * "Sign in with a Firebase account" (spec 01 §7, issue 10 item 18), shown only when the build
 * names a Firebase Web API key. The form is in a dialog, so it never competes with the page's own
 * e-mail and password fields.
 */
export function FirebaseSignIn({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!FIREBASE) return null;
  return (
    <>
      <Button variant="secondary" className="mt-3 w-full" onClick={() => setOpen(true)}>
        {t("auth.signIn.withFirebase")}
      </Button>
      {open ? <FirebaseDialog onClose={() => setOpen(false)} onSignedIn={onSignedIn} /> : null}
    </>
  );
}

function FirebaseDialog({ onClose, onSignedIn }: { onClose: () => void; onSignedIn: (me: Me) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useZodForm(SigninInput, { email: "", password: "" });

  const onSubmit = form.handleSubmit(async (input) => {
    if (!FIREBASE) return;
    let firebaseToken: string;
    try {
      firebaseToken = await firebaseIdToken(FIREBASE, input);
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
