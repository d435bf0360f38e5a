import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { CreateCompanyInput } from "../../../../shared/schemas";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorText } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";
import { type PendingCompany, pendingCompanyOf } from "../../lib/pending-company";
import { forgetSession, trpcAppCode, useViewerQuery } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { AuthLayout, AuthProgress, SubmitButton } from "./auth-layout";

function CompanyForm({ pending }: { pending: PendingCompany | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const create = trpc.companies.create.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(CreateCompanyInput, {
    companyName: pending?.companyName ?? "",
    companyTel: pending?.companyTel ?? "",
  });
  const autoSubmitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      await create.mutateAsync(input);
    } catch (error) {
      if (trpcAppCode(error) !== "COMPANY_ALREADY_EXISTS") {
        const message = errorText(error, t("auth.company.failed"));
        setFailure(message);
        toast.error(t("auth.company.failed"));
        return;
      }
      // Another tab (the one that opened the verification link) already created it.
    }
    forgetSession(queryClient);
    navigate(paths.console, { replace: true });
  });

  useEffect(() => {
    // What was typed at sign-up is submitted at once; the form stays for a failure or a retry.
    if (!pending || autoSubmitted.current) return;
    autoSubmitted.current = true;
    formRef.current?.requestSubmit();
  }, [pending]);

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5">
      {failure ? (
        <Alert tone="error" role="alert" title={t("auth.company.failed")}>
          {failure !== t("auth.company.failed") ? failure : null}
        </Alert>
      ) : null}
      <TextField
        label={t("auth.fields.companyName")}
        autoComplete="organization"
        {...form.field("companyName")}
      />
      <TextField
        label={t("auth.fields.companyTel")}
        type="tel"
        autoComplete="tel"
        {...form.field("companyTel")}
      />
      <SubmitButton
        pending={form.submitting}
        label={failure ? t("auth.company.retry") : t("auth.company.submit")}
        pendingLabel={t("auth.company.creating")}
      />
    </form>
  );
}

/**
 * /app/auth/create-company: the company step after e-mail verification (decision 0008). Reached
 * from the console gate when sign-up left company details, or from the sign-in warning.
 */
export function CreateCompanyPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const viewer = useViewerQuery();
  const data = viewer.data;
  const blocked =
    viewer.error !== null ||
    (data !== undefined &&
      (data.company !== null ||
        !data.account.isEmailVerified ||
        (data.account.isMultiFactorEnabled && !data.session.isMultiFactorVerified)));

  useEffect(() => {
    // Anyone who cannot or need not create a company here is sent to the console, whose gates
    // say what applies (sign in, verify, MFA, or the company they already have).
    if (blocked) navigate(paths.console, { replace: true });
  }, [blocked, navigate]);

  return (
    <AuthLayout wide title={t("auth.company.title")} subtitle={t("auth.company.subtitle")}>
      {data && !blocked ? (
        <CompanyForm pending={pendingCompanyOf(data)} />
      ) : (
        <AuthProgress label={t("common.loading")} />
      )}
    </AuthLayout>
  );
}
