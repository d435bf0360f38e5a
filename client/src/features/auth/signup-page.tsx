import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import type { z } from "zod";
import { SignupForm } from "../../../../shared/schemas";
import { paths } from "../../app/paths";
import { PasswordField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { authApi, errorText } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";
import {
  rememberReturnTarget,
  rememberSignupReturnTarget,
  sameOriginTarget,
} from "../../lib/redirect-target";
import { RequestError } from "../../lib/request";
import { forgetSession, useMeQuery } from "../../lib/session";
import { invitationPath, returnToInvitation } from "./accept-invitation";
import { AuthLayout, linkClasses, SubmitButton } from "./auth-layout";
import { pendingStep } from "./finish-sign-in";
import { markVerificationSent } from "./resend-countdown";
import { TermsCheckbox } from "./terms-checkbox";

/** A guest joins someone else's team and has no company of their own to register. */
const GuestSignupForm = SignupForm.omit({ companyName: true, companyTel: true });
type SignupValues = SignupForm | z.infer<typeof GuestSignupForm>;

const EMPTY = {
  companyName: "",
  companyTel: "",
  displayName: "",
  email: "",
  password: "",
  acceptTos: false,
};

/**
 * /app/auth/signup (spec 01 §2). The account is created now; the company waits with it on the
 * server (lib/pending-company) until the e-mail is verified, when the console creates it.
 */
export function SignUpPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const invitationToken = query.get("invitationToken")?.trim() || undefined;
  // Where the visitor came from (a share page): kept through sign-up and the e-mail verification.
  const redirectTo = sameOriginTarget(query.get("redirectTo"), window.location.origin);
  const isGuest = invitationToken !== undefined;
  const schema = useMemo<z.ZodType<SignupValues>>(() => (isGuest ? GuestSignupForm : SignupForm), [isGuest]);
  const form = useZodForm(schema, EMPTY);
  const { values, errors, set, field } = form;
  const me = useMeQuery({ enabled: isGuest });
  const signedIn = !!me.data && pendingStep(me.data) === null;

  useEffect(() => {
    // A signed-in guest accepts on the invitation page instead of making a second account.
    if (invitationToken && signedIn) navigate(invitationPath(invitationToken), { replace: true });
  }, [invitationToken, signedIn, navigate]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await authApi.signUp({
        displayName: input.displayName,
        email: input.email,
        password: input.password,
        // The company waits with the account on the server until the e-mail is verified.
        ...(invitationToken
          ? { invitationToken }
          : "companyName" in input
            ? { companyName: input.companyName, companyTel: input.companyTel }
            : {}),
      });
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
      if (invitationToken && error instanceof RequestError && error.code === "INVITATION_SIGN_IN_TO_ACCEPT") {
        // The address has an account: sign in to it, then accept on the invitation page.
        returnToInvitation(invitationToken);
        navigate(paths.signIn);
      }
      return;
    }
    if (redirectTo) rememberSignupReturnTarget(redirectTo);
    markVerificationSent();
    forgetSession(queryClient);
    navigate(paths.tryEmailVerification, { replace: true });
  });

  return (
    <AuthLayout
      wide
      title={isGuest ? t("auth.signUp.guestTitle") : t("auth.signUp.title")}
      subtitle={isGuest ? t("auth.signUp.guestSubtitle") : t("auth.signUp.subtitle")}
      footer={
        <>
          {t("auth.signUp.haveAccount")}{" "}
          <Link
            href={redirectTo ? `${paths.signIn}?redirectTo=${encodeURIComponent(redirectTo)}` : paths.signIn}
            onClick={() => {
              if (redirectTo) rememberReturnTarget(redirectTo);
            }}
            className={linkClasses}
          >
            {t("auth.signUp.signInLink")}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        {isGuest ? null : (
          <fieldset className="space-y-5">
            <legend className="mb-4 text-sm font-semibold text-slate-900">
              {t("auth.signUp.companySection")}
            </legend>
            <TextField
              label={t("auth.fields.companyName")}
              autoComplete="organization"
              {...field("companyName")}
            />
            <TextField
              label={t("auth.fields.companyTel")}
              type="tel"
              autoComplete="tel"
              {...field("companyTel")}
            />
          </fieldset>
        )}
        <fieldset className="space-y-5">
          {isGuest ? null : (
            <legend className="mb-4 text-sm font-semibold text-slate-900">
              {t("auth.signUp.accountSection")}
            </legend>
          )}
          <TextField label={t("auth.fields.fullName")} autoComplete="name" {...field("displayName")} />
          <TextField
            label={t("auth.fields.workEmail")}
            type="email"
            autoComplete="email"
            {...field("email")}
          />
          <PasswordField
            label={t("auth.fields.password")}
            autoComplete="new-password"
            hint={t("auth.fields.passwordHint")}
            {...field("password")}
          />
        </fieldset>
        <TermsCheckbox
          checked={values.acceptTos}
          onCheckedChange={(v) => set("acceptTos", v)}
          error={errors.acceptTos}
        />
        <SubmitButton
          pending={form.submitting}
          label={isGuest ? t("auth.signUp.submitGuest") : t("auth.signUp.submitTrial")}
          pendingLabel={t("auth.signUp.submitting")}
        />
      </form>
    </AuthLayout>
  );
}
