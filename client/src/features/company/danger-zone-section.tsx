import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/field";
import { TrashIcon } from "../../components/ui/icons-actions";
import { SettingsSection } from "../../components/ui/section";
import { forgetSession } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";

type Step = "closed" | "explain" | "typeName";

/**
 * Deleting the company (spec 02 §5, §6): FREE plan only, after two confirmations — what goes, then
 * the company name typed in. Afterwards the Admin has no company and meets the sign-in screen's
 * no-company warning.
 */
export function DangerZoneSection({ companyName, canDelete }: { companyName: string; canDelete: boolean }) {
  const { t } = useTranslation();
  const run = useAction();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const remove = trpc.companies.delete.useMutation();
  const [step, setStep] = useState<Step>("closed");
  const [typed, setTyped] = useState("");
  const matches = typed.trim() === companyName.trim();

  const close = () => {
    setStep("closed");
    setTyped("");
  };

  const confirm = async () => {
    const done = await run(
      () => remove.mutateAsync(),
      () => t("company.danger.deleted", { company: companyName }),
    );
    if (!done) return;
    close();
    forgetSession(queryClient);
    navigate(paths.signIn, { replace: true });
  };

  return (
    <SettingsSection id="danger-zone" tone="danger" title={t("company.danger.title")}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 max-w-2xl">
          <h3 className="text-sm font-semibold text-slate-900">{t("company.danger.deleteTitle")}</h3>
          <p className="mt-1 text-sm text-slate-600">
            {t("company.danger.deleteBody", { company: companyName })}
          </p>
          {canDelete ? null : (
            <p id="delete-company-reason" className="mt-2 text-sm text-slate-700">
              {t("errors.COMPANY_DELETE_FREE_ONLY")} {t("company.danger.freeOnly")}
            </p>
          )}
        </div>
        <Button
          variant="danger"
          disabled={!canDelete}
          aria-describedby={canDelete ? undefined : "delete-company-reason"}
          onClick={() => setStep("explain")}
        >
          <TrashIcon className="size-4" />
          {t("company.danger.delete")}
        </Button>
      </div>
      <ConfirmDialog
        open={step === "explain"}
        onOpenChange={(open) => (open ? undefined : close())}
        title={t("company.danger.step1Title", { company: companyName })}
        body={
          <>
            <p>{t("company.danger.step1Intro")}</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>{t("company.danger.step1Teams")}</li>
              <li>{t("company.danger.step1Members")}</li>
              <li>{t("company.danger.step1Invitations")}</li>
            </ul>
          </>
        }
        confirmLabel={t("company.danger.step1Continue")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => setStep("typeName")}
        destructive
      />
      <ConfirmDialog
        open={step === "typeName"}
        onOpenChange={(open) => (open ? undefined : close())}
        title={t("company.danger.step2Title")}
        body={t("company.danger.step2Body", { company: companyName })}
        confirmLabel={t("company.danger.step2Confirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void confirm()}
        pending={remove.isPending}
        confirmDisabled={!matches}
        destructive
      >
        <TextField
          className="mt-4"
          label={t("company.danger.step2Label")}
          value={typed}
          onValueChange={setTyped}
          autoComplete="off"
          spellCheck={false}
        />
      </ConfirmDialog>
    </SettingsSection>
  );
}
