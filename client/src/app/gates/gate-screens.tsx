import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/dialog";
import { AlertTriangleIcon, ClockIcon, LogOutIcon } from "../../components/ui/icons";
import { useToast } from "../../components/ui/toast";
import { errorText } from "../../lib/auth-api";
import { useDocumentTitle } from "../../lib/document-title";
import { currentLanguage } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { useSignOut } from "../../lib/use-sign-out";
import { helpHref } from "../paths";
import { Brand } from "../shell/brand";
import { useRecheck } from "./use-recheck";

function LogoutButton({ variant = "ghost" }: { variant?: "ghost" | "secondary" }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Button variant={variant} onClick={() => void signOut()}>
      <LogOutIcon className="size-4" />
      {t("gates.logout")}
    </Button>
  );
}

/** The logo and Logout above the screens outside the console shell (gates, team onboarding). */
export function StandaloneHeader({ withLogout = true }: { withLogout?: boolean }) {
  return (
    <header className="flex items-center justify-between px-6 py-5">
      <Brand />
      {withLogout ? <LogoutButton /> : null}
    </header>
  );
}

/** A whole-window screen for a gate that keeps the user out of the console (spec 01 §2). */
function GateFrame({ children, withLogout = true }: { children: React.ReactNode; withLogout?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <StandaloneHeader withLogout={withLogout} />
      <main className="flex flex-1 items-start justify-center px-4 pt-8 pb-24 sm:pt-16">{children}</main>
    </div>
  );
}

function GateCard({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section
      aria-labelledby="gate-title"
      className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        {icon}
      </span>
      <h1 id="gate-title" className="mt-5 text-xl font-semibold text-slate-900">
        {title}
      </h1>
      {children}
    </section>
  );
}

export function GateLoading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex min-h-dvh items-center justify-center bg-slate-50 text-sm text-slate-600"
    >
      <LoaderCircle aria-hidden="true" focusable="false" className="mr-3 size-5 animate-spin text-blue-700" />
      {t("gates.loading")}
    </div>
  );
}

export function GateFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <GateFrame withLogout={false}>
      <section
        role="alert"
        className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm"
      >
        <p className="text-sm text-slate-700">{t("gates.loadFailed")}</p>
        <Button variant="primary" className="mt-5" onClick={onRetry}>
          {t("gates.retry")}
        </Button>
      </section>
    </GateFrame>
  );
}

/**
 * canAccessConsole is false: the trial is over with no contract after it. A contract the provider
 * records meanwhile lets the user in without a reload.
 */
export function TrialEndedScreen({ onRecheck }: { onRecheck: () => void }) {
  const { t } = useTranslation();
  useRecheck(onRecheck);
  return (
    <GateFrame withLogout={false}>
      <GateCard icon={<ClockIcon className="size-6" />} title={t("gates.trialEnded.title")}>
        <p className="mt-2 text-sm text-slate-600">{t("gates.trialEnded.body")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a
            href={helpHref(currentLanguage(), "contact")}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses("primary")}
          >
            {t("gates.trialEnded.contactSupport")}
          </a>
          <LogoutButton variant="secondary" />
        </div>
      </GateCard>
    </GateFrame>
  );
}

/**
 * The company waits for the provider's approval; its Admin may withdraw it (Cancel Trial). The
 * screen asks again every 30 s and on focus, and the gate moves on by itself once approved.
 */
export function ApprovalRequiredScreen({
  companyName,
  canCancel,
  onCancelled,
  onRecheck,
}: {
  companyName: string;
  canCancel: boolean;
  onCancelled: () => void;
  onRecheck: () => void;
}) {
  const { t } = useTranslation();
  useRecheck(onRecheck);
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const cancelTrial = trpc.companies.cancelTrial.useMutation();

  const confirm = async () => {
    try {
      await cancelTrial.mutateAsync();
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
      return;
    }
    setConfirming(false);
    toast.success(t("gates.approval.cancelled"));
    onCancelled();
  };

  return (
    <GateFrame>
      <GateCard icon={<AlertTriangleIcon className="size-6" />} title={t("gates.approval.title")}>
        <p className="mt-2 text-sm text-slate-600">{t("gates.approval.body")}</p>
        <p className="mt-4 text-sm font-medium text-slate-800">
          {t("gates.approval.company", { name: companyName })}
        </p>
        {canCancel ? (
          <div className="mt-6 border-t border-slate-200 pt-5">
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t("gates.approval.cancelTrial")}
            </Button>
          </div>
        ) : null}
      </GateCard>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("gates.approval.confirmTitle")}
        body={t("gates.approval.confirmBody")}
        confirmLabel={t("gates.approval.confirm")}
        cancelLabel={t("gates.approval.keep")}
        onConfirm={() => void confirm()}
        pending={cancelTrial.isPending}
        destructive
      />
    </GateFrame>
  );
}
