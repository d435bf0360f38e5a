import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import type { Me } from "../../lib/auth-api";
import { firebaseClientConfig } from "./firebase-auth";

const FIREBASE = firebaseClientConfig();

// The dialog (Radix) and its form come with the first click, or as the pointer or focus reaches
// the button: the sign-in pages paint without them (docs/decisions/0029-console-delivery.md).
const loadDialog = () => import("./firebase-sign-in-dialog");
const FirebaseDialog = lazy(async () => ({ default: (await loadDialog()).FirebaseDialog }));

/**
 * "Sign in with a Firebase account" (spec 01 §7), shown only when the build names a Firebase Web
 * API key. The form is in a dialog, so it never competes with the page's own e-mail and password
 * fields.
 */
export function FirebaseSignIn({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!FIREBASE) return null;
  const config = FIREBASE;
  const preload = () => void loadDialog().catch(() => {});
  return (
    <>
      <Button
        variant="secondary"
        className="mt-3 w-full"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {t("auth.signIn.withFirebase")}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <FirebaseDialog config={config} onClose={() => setOpen(false)} onSignedIn={onSignedIn} />
        </Suspense>
      ) : null}
    </>
  );
}
