import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { SALES_CONTACT_BUSINESS_DAYS } from "../../../../shared/constants";
import { CONTRACT_PERIODS } from "../../../../shared/enums";
import {
  SELECTABLE_PAYMENT_METHODS,
  toIsoDate,
  UPGRADE_PLANS,
  UpgradeRequestInput,
} from "../../../../shared/schemas/upgrade";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { failureText } from "../../lib/error-text";
import { useZodForm } from "../../lib/form";
import { trpcAppCode } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { price } from "./money";
import { redirectToUpgradePath } from "./shared-ui";

export type UpgradePlan = (typeof UPGRADE_PLANS)[number];

export interface UpgradeDefaults {
  companyName: string;
  companyAddress: string;
  companyTel: string;
  personInCharge: string;
  workEmail: string;
  emailForInvoice: string;
  cardPaymentAvailable: boolean;
}

/** Refusals the person can act on keep their own message; anything else is the spec's generic one. */
const SHOWN_CODES = new Set([
  "UPGRADE_START_DATE_PAST",
  "UPGRADE_ALREADY_CONTRACTED",
  "UPGRADE_REQUEST_PENDING",
  "VALIDATION_FAILED",
]);

function Legend({ children }: { children: string }) {
  return <legend className="text-sm font-semibold text-slate-900">{children}</legend>;
}

/** Spec 02 §2 and §5: every field of the upgrade request, validated by the shared schema. */
export function UpgradeForm({ plan, defaults }: { plan: UpgradePlan; defaults: UpgradeDefaults }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const upgrade = trpc.plans.submitUpgradeRequest.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const today = toIsoDate(new Date());
  const form = useZodForm(UpgradeRequestInput, {
    plan,
    companyName: defaults.companyName,
    companyAddress: defaults.companyAddress,
    companyTel: defaults.companyTel,
    personInCharge: defaults.personInCharge,
    workEmail: defaults.workEmail,
    emailForInvoice: defaults.emailForInvoice,
    quoteNumber: "",
    maxTrackings: "",
    maxMembers: "",
    desiredStartDate: "",
    contractPeriod: "YEARLY",
    paymentMethod: defaults.cardPaymentAvailable ? "CARD" : "BANK_TRANSFER",
    acceptTos: false,
    remarks: "",
    isApiEnabled: false,
  });
  const v = form.values;

  const onSubmit = form.handleSubmit(async (data) => {
    setFailure(null);
    try {
      // Spec 02 §7's form-service record (type Upgrade) is written with the request, in one transaction.
      const result = await upgrade.mutateAsync(data);
      await Promise.all([
        utils.plans.overview.invalidate(),
        utils.plans.apiApplication.invalidate(),
        utils.account.viewer.invalidate(),
      ]);
      if (result.paymentMethod === "CARD") {
        navigate(redirectToUpgradePath);
        return;
      }
      toast.success(t("plans.upgrade.submittedBank", { days: SALES_CONTACT_BUSINESS_DAYS }));
      navigate(paths.plans);
    } catch (error) {
      const code = trpcAppCode(error);
      setFailure(code && SHOWN_CODES.has(code) ? failureText(error, t) : t("errors.SOMETHING_FAILED"));
    }
  });

  // Without the card provider configured only bank transfer is offered (and said why).
  const methodOptions = SELECTABLE_PAYMENT_METHODS.filter(
    (method) => method !== "CARD" || defaults.cardPaymentAvailable,
  ).map((method) => ({ value: method, label: t(`plans.paymentMethods.${method}`) }));
  const cardChosen = v.paymentMethod === "CARD";

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-6"
      aria-describedby={failure ? "upgrade-failure" : undefined}
    >
      {failure ? (
        <Alert tone="error" role="alert">
          <span id="upgrade-failure">{failure}</span>
        </Alert>
      ) : null}
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        <Legend>{t("plans.upgrade.companySection")}</Legend>
        <TextField
          className="sm:col-span-2"
          label={t("plans.upgrade.companyName")}
          autoComplete="organization"
          required
          {...form.field("companyName")}
        />
        <TextField
          className="sm:col-span-2"
          label={t("plans.upgrade.companyAddress")}
          autoComplete="street-address"
          required
          {...form.field("companyAddress")}
        />
        <TextField
          label={t("plans.upgrade.companyTel")}
          type="tel"
          autoComplete="tel"
          required
          {...form.field("companyTel")}
        />
        <TextField
          label={t("plans.upgrade.personInCharge")}
          autoComplete="name"
          required
          {...form.field("personInCharge")}
        />
        <TextField
          label={t("plans.upgrade.workEmail")}
          type="email"
          autoComplete="email"
          required
          {...form.field("workEmail")}
        />
        <TextField
          label={t("plans.upgrade.emailForInvoice")}
          type="email"
          required
          {...form.field("emailForInvoice")}
        />
      </fieldset>
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        <Legend>{t("plans.upgrade.contractSection")}</Legend>
        <TextField
          label={t("plans.upgrade.quoteNumber")}
          hint={t("plans.upgrade.quoteNumberHint")}
          required
          {...form.field("quoteNumber")}
        />
        <TextField
          label={t("plans.upgrade.desiredStartDate")}
          type="date"
          min={today}
          required
          {...form.field("desiredStartDate")}
        />
        <TextField
          label={t("plans.upgrade.maxTrackings")}
          inputMode="numeric"
          required
          {...form.field("maxTrackings")}
        />
        <TextField
          label={t("plans.upgrade.maxMembers")}
          inputMode="numeric"
          required
          {...form.field("maxMembers")}
        />
        <SelectField
          label={t("plans.upgrade.contractPeriod")}
          options={CONTRACT_PERIODS.map((p) => ({ value: p, label: t(`plans.contractPeriods.${p}`) }))}
          {...form.field("contractPeriod")}
        />
        <SelectField
          label={t("plans.upgrade.paymentMethod")}
          options={methodOptions}
          hint={defaults.cardPaymentAvailable ? undefined : t("plans.upgrade.cardUnavailable")}
          {...form.field("paymentMethod")}
        />
        {plan === "STARTER" ? null : (
          <div className="sm:col-span-2">
            <CheckboxField
              name="isApiEnabled"
              label={
                <>
                  {t("plans.upgrade.isApiEnabled")}
                  <span className="block text-xs text-slate-500">
                    {t("plans.upgrade.isApiEnabledHint", { amount: price("apiInitial") })}
                  </span>
                </>
              }
              checked={v.isApiEnabled}
              onCheckedChange={(checked) => form.set("isApiEnabled", checked)}
            />
          </div>
        )}
        <TextAreaField
          className="sm:col-span-2"
          label={t("plans.upgrade.remarks")}
          {...form.field("remarks")}
        />
        <div className="sm:col-span-2">
          <CheckboxField
            name="acceptTos"
            label={
              <>
                {t("plans.upgrade.acceptTos")} (
                <a href={paths.terms} target="_blank" rel="noreferrer" className="underline">
                  {t("plans.upgrade.terms")}
                </a>
                ,{" "}
                <a href={paths.privacy} target="_blank" rel="noreferrer" className="underline">
                  {t("plans.upgrade.privacy")}
                </a>
                )
              </>
            }
            checked={v.acceptTos}
            onCheckedChange={(checked) => form.set("acceptTos", checked)}
            error={form.errors.acceptTos}
          />
        </div>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => navigate(paths.plans)}>
          {t("plans.upgrade.cancel")}
        </Button>
        <Button type="submit" variant="primary" disabled={form.submitting}>
          {form.submitting
            ? t("plans.upgrade.submitting")
            : cardChosen
              ? t("plans.upgrade.submitCard")
              : t("plans.upgrade.submit")}
        </Button>
      </div>
    </form>
  );
}

export function isUpgradePlan(value: string | null): value is UpgradePlan {
  return value !== null && (UPGRADE_PLANS as readonly string[]).includes(value);
}
