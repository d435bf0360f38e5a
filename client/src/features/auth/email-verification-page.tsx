import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { buttonClasses } from "../../components/ui/button";
import { useToast } from "../../components/ui/toast";
import { authApi, errorText } from "../../lib/auth-api";
import { takeSignupReturnTarget } from "../../lib/redirect-target";
import { forgetSession } from "../../lib/session";
import { AuthLayout, AuthProgress } from "./auth-layout";

/**
 * /app/auth/email-verification/:token (spec 01 §2, §8): verifies once on arrival; already verified
 * or verified now goes back to where the sign-up began (a share page), else to the console, where
 * the sign-up company is created. A failure shows
 * 'Invalid Token. Please try again', the server's message and a way to get a new link.
 */
export function EmailVerificationPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    // One attempt per token: the token is single-use, so a repeated effect would fail the second time.
    if (started.current === token) return;
    started.current = token;
    void (async () => {
      try {
        await authApi.verifyEmail(token);
        toast.success(t("auth.verify.verified"));
        forgetSession(queryClient);
        navigate(takeSignupReturnTarget() ?? paths.console, { replace: true });
      } catch (error) {
        const message = errorText(error, t("errors.SERVER_ISSUE"));
        setFailure(message);
        toast.error(message);
      }
    })();
  }, [token, navigate, queryClient, toast, t]);

  const title = failure ? t("auth.verify.invalidTitle") : t("auth.verify.title");
  return (
    <AuthLayout title={title}>
      {failure === null ? <AuthProgress label={t("auth.verify.verifying")} /> : null}
      {/* The server's INVALID_TOKEN text is the title itself; other failures say more. */}
      {failure !== null && failure !== title ? (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      {failure ? (
        <Link href={paths.tryEmailVerification} className={buttonClasses("primary", "md", "mt-6 w-full")}>
          {t("auth.verify.resend")}
        </Link>
      ) : null}
    </AuthLayout>
  );
}
