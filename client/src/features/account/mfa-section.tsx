import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { SettingsSection } from "../../components/ui/section";
import { useToast } from "../../components/ui/toast";
import { authApi, errorText, type MultiFactorQrCode, needsRecentSignIn } from "../../lib/auth-api";
import { ME_QUERY_KEY } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { CodeForm, ConfirmPasswordForm } from "./mfa-forms";

function useRefreshAccount() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      utils.account.viewer.invalidate(),
      queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    ]);
  };
}

function Enrolment({
  email,
  enrolment,
  onCancel,
  onEnabled,
}: {
  email: string;
  enrolment: MultiFactorQrCode;
  onCancel: () => void;
  onEnabled: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      toast.success(t("account.mfa.copied"));
    } catch {
      // Clipboard access can be refused; the key stays selectable on the page.
    }
  };
  return (
    <ol className="space-y-6">
      <li>
        <p className="text-sm text-slate-700">{t("account.mfa.step1")}</p>
        <img
          src={enrolment.data}
          alt={t("account.mfa.qrAlt")}
          width={176}
          height={176}
          className="mt-3 rounded-lg border border-slate-200"
        />
        <p className="mt-3 text-sm text-slate-600">{t("account.mfa.manualKey")}</p>
        <div className="mt-1.5 flex flex-wrap items-center gap-2">
          <code
            data-testid="mfa-secret"
            className="rounded-md bg-slate-100 px-2.5 py-1.5 font-mono text-sm break-all text-slate-900 select-all"
          >
            {enrolment.secret}
          </code>
          <Button variant="ghost" size="sm" onClick={() => void copy()}>
            {t("account.mfa.copyKey")}
          </Button>
        </div>
      </li>
      <li>
        <p className="mb-3 text-sm text-slate-700">{t("account.mfa.step2")}</p>
        <CodeForm
          email={email}
          submitLabel={t("account.mfa.enable")}
          pendingLabel={t("account.mfa.enabling")}
          action={authApi.enableMultiFactor}
          onDone={async () => {
            toast.success(`${t("account.mfa.enabled")} ${t("account.mfa.othersSignedOut")}`);
            await onEnabled();
          }}
          extra={
            <Button variant="secondary" onClick={onCancel}>
              {t("account.mfa.cancel")}
            </Button>
          }
        />
      </li>
    </ol>
  );
}

/**
 * Spec 02 §4: not enabled → instructions with QR code → 6-digit verification → enabled. Setting
 * up, enabling and disabling need a recent sign-in or the current password (decision 0063).
 */
export function MfaSection({ enabled, email }: { enabled: boolean; email: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshAccount();
  const [enrolment, setEnrolment] = useState<MultiFactorQrCode | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);

  // Without a password first: a session that signed in minutes ago needs none.
  const start = async () => {
    setStarting(true);
    try {
      setEnrolment(await authApi.setUpMultiFactor());
    } catch (error) {
      if (needsRecentSignIn(error)) setConfirming(true);
      else toast.error(errorText(error, t("errors.SERVER_ISSUE")));
    } finally {
      setStarting(false);
    }
  };

  const status = (
    <span
      className={`rounded-full px-2.5 py-1 text-xs font-medium ${enabled ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-600"}`}
    >
      {enabled ? t("account.mfa.statusOn") : t("account.mfa.statusOff")}
    </span>
  );

  let body: React.ReactNode;
  if (enabled) {
    body = (
      <div>
        <h3 className="text-sm font-medium text-slate-900">{t("account.mfa.disableTitle")}</h3>
        <p className="mt-1 mb-3 text-sm text-slate-600">{t("account.mfa.disableHint")}</p>
        <CodeForm
          email={email}
          submitLabel={t("account.mfa.disable")}
          pendingLabel={t("account.mfa.disabling")}
          action={authApi.disableMultiFactor}
          onDone={async () => {
            toast.success(`${t("account.mfa.disabled")} ${t("account.mfa.othersSignedOut")}`);
            await refresh();
          }}
        />
      </div>
    );
  } else if (enrolment) {
    body = (
      <Enrolment
        email={email}
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onEnabled={async () => {
          setEnrolment(null);
          await refresh();
        }}
      />
    );
  } else if (confirming) {
    body = (
      <ConfirmPasswordForm
        email={email}
        onConfirm={async (currentPassword) => {
          // The password starts a new session (the server sets its cookie), so the steps that
          // follow count as a recent sign-in.
          setEnrolment(await authApi.setUpMultiFactor(currentPassword));
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      />
    );
  } else {
    body = (
      <Button
        variant="primary"
        onClick={() => void start()}
        disabled={starting}
        aria-busy={starting || undefined}
      >
        {starting ? t("account.mfa.loading") : t("account.mfa.setUp")}
      </Button>
    );
  }

  return (
    <SettingsSection
      id="mfa"
      title={t("account.mfa.title")}
      description={t("account.mfa.description")}
      aside={status}
    >
      {body}
    </SettingsSection>
  );
}
