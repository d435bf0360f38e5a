import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { VERIFICATION_RECHECK_MS } from "../../../../shared/constants";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { useToast } from "../../components/ui/toast";
import { authApi, errorText } from "../../lib/auth-api";
import { takeSignupReturnTarget } from "../../lib/redirect-target";
import { forgetSession, useMeQuery } from "../../lib/session";
import { useSignOut } from "../../lib/use-sign-out";
import { AuthLayout, Spinner } from "./auth-layout";
import { lastVerificationSentAt, markVerificationSent, secondsUntilResend } from "./resend-countdown";

/** Seconds left before "Resend Email" is offered again, ticking every second. */
function useResendCountdown(): [number, () => void] {
  const [sentAt, setSentAt] = useState(lastVerificationSentAt);
  const [now, setNow] = useState(Date.now);
  const left = secondsUntilResend(sentAt, now);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  const restart = () => {
    const at = Date.now();
    markVerificationSent(at);
    setSentAt(at);
    setNow(at);
  };
  return [left, restart];
}

/**
 * /app/auth/try-email-verification (spec 01 §2): the session is re-checked every second and when
 * the tab becomes visible again (the link is usually opened in another tab); once verified, back to
 * where the sign-up began (a share page) or on to the console.
 */
export function TryEmailVerificationPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const signOut = useSignOut();
  const me = useMeQuery({ refetchInterval: VERIFICATION_RECHECK_MS });
  const [secondsLeft, restartCountdown] = useResendCountdown();
  const [sending, setSending] = useState(false);
  const { refetch } = me;

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void refetch();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [refetch]);

  const verified = me.data?.account.isEmailVerified === true;
  useEffect(() => {
    if (me.data === null) navigate(paths.signIn, { replace: true });
    if (verified) {
      forgetSession(queryClient);
      navigate(takeSignupReturnTarget() ?? paths.console, { replace: true });
    }
  }, [me.data, verified, navigate, queryClient]);

  const resend = async () => {
    setSending(true);
    try {
      const result = (await authApi.sendVerificationEmail()) as { alreadyVerified?: boolean };
      if (result.alreadyVerified) {
        void refetch();
        return;
      }
      restartCountdown();
      toast.success(t("auth.verify.resent"));
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
    } finally {
      setSending(false);
    }
  };

  const email = me.data?.account.email;
  return (
    <AuthLayout
      title={t("auth.verify.title")}
      subtitle={email ? t("auth.verify.body", { email }) : t("auth.verify.bodyNoEmail")}
      footer={
        <Button variant="ghost" size="sm" onClick={() => void signOut()}>
          {t("auth.verify.useAnotherAccount")}
        </Button>
      }
    >
      <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
        <Spinner className="size-4 text-blue-700" />
        {t("auth.verify.waiting")}
      </p>
      <p className="mt-6 text-sm text-slate-600">{t("auth.verify.notReceived")}</p>
      <Button
        variant="secondary"
        className="mt-3 w-full"
        disabled={secondsLeft > 0 || sending}
        aria-busy={sending || undefined}
        onClick={() => void resend()}
      >
        {secondsLeft > 0 ? t("auth.verify.resendIn", { seconds: secondsLeft }) : t("auth.verify.resend")}
      </Button>
    </AuthLayout>
  );
}
