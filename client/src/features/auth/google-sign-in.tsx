import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { useToast } from "../../components/ui/toast";
import { authApi, errorText, type Me } from "../../lib/auth-api";
import { reportProblem } from "../../lib/report";
import { RequestError } from "../../lib/request";

// "Sign in with Google" (spec 01 §2, §7): Google Identity Services gives an access token, which the
// server checks against Google's userinfo endpoint (POST /auth/signin_with_google). Shown only where
// the deployment configured a Google OAuth client id; without one there is no button at all.

const GIS_SCRIPT = "https://accounts.google.com/gsi/client";

export const GOOGLE_CLIENT_ID: string | undefined = import.meta.env.VITE_GOOGLE_CLIENT_ID || undefined;

interface TokenResponse {
  access_token?: string;
  error?: string;
}

interface GoogleAccounts {
  oauth2: {
    initTokenClient(config: {
      client_id: string;
      scope: string;
      callback: (response: TokenResponse) => void;
      error_callback?: (error: { type?: string }) => void;
    }): { requestAccessToken(): void };
  };
}

let scriptLoad: Promise<GoogleAccounts> | undefined;

function loadGoogle(): Promise<GoogleAccounts> {
  scriptLoad ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = GIS_SCRIPT;
    script.async = true;
    script.onload = () => {
      const google = (window as { google?: { accounts?: GoogleAccounts } }).google?.accounts;
      if (google) resolve(google);
      else reject(new Error("Google Identity Services did not load"));
    };
    script.onerror = () => {
      scriptLoad = undefined;
      reject(new Error("Google Identity Services could not be loaded"));
    };
    document.head.append(script);
  });
  return scriptLoad;
}

function requestAccessToken(clientId: string): Promise<string | null> {
  return loadGoogle().then(
    (google) =>
      new Promise((resolve) => {
        const client = google.oauth2.initTokenClient({
          client_id: clientId,
          scope: "openid email profile",
          callback: (response) => resolve(response.access_token ?? null),
          // Closing the popup is the user's choice, not a failure to report.
          error_callback: () => resolve(null),
        });
        client.requestAccessToken();
      }),
  );
}

export function GoogleSignInButton({
  invitedEmail,
  onSignedIn,
}: {
  invitedEmail?: string;
  onSignedIn: (me: Me) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  if (!GOOGLE_CLIENT_ID) return null;
  const clientId = GOOGLE_CLIENT_ID;

  const signIn = async () => {
    setPending(true);
    try {
      const googleAccessToken = await requestAccessToken(clientId);
      if (!googleAccessToken) return;
      onSignedIn(
        (await authApi.signInWithGoogle({
          googleAccessToken,
          ...(invitedEmail ? { invitedEmail } : {}),
        })) as Me,
      );
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
      // Spec 01 §5: an invited-e-mail mismatch is also tracked.
      if (error instanceof RequestError && error.code === "GOOGLE_EMAIL_MISMATCH") {
        reportProblem("Google sign-in with another account than the invited one", { invitedEmail });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        className="w-full"
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={() => void signIn()}
      >
        {t("auth.signIn.withGoogle")}
      </Button>
      <p className="my-5 flex items-center gap-3 text-xs text-slate-400 uppercase before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
        {t("auth.orDivider")}
      </p>
    </>
  );
}
