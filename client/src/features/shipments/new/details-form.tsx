import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { hasWrongCheckDigit, normalizeTrackingNumber } from "../../../../../shared/container-number";
import type { Plan } from "../../../../../shared/enums";
import { planAllows } from "../../../../../shared/permissions";
import { ShipmentInput, trackingWarnings } from "../../../../../shared/schemas/shipments";
import { paths } from "../../../app/paths";
import { LineNotice } from "../../../components/shipment/line-notice";
import { Alert } from "../../../components/ui/alert";
import { SubmitButton } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { useZodForm } from "../../../lib/form";
import { trpc } from "../../../lib/trpc";
import { useAction } from "../../../lib/use-action";
import { CheckDigitWarning, useCheckDigitConfirmation } from "../common/check-digit-confirmation";
import {
  isShippingLine,
  isTrackingType,
  linerOptions,
  trackingTypeOptions,
  typeAfterLineChange,
} from "./line-options";

export interface DetailsValues {
  trackingNumber: string;
  shippingLine: string;
  trackingType: string;
}

const CUSTOM_FIELDS = [1, 2, 3] as const;

const blankToUndefined = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === "" ? undefined : value;

/**
 * Number, liner, type and the optional details, then shipments.create. Step 2 of the new form and
 * the whole of the previous form. `provenType` is a type inference read off the number itself.
 */
export function DetailsForm({
  teamId,
  plan,
  initial,
  provenType = null,
  notice,
  extraActions,
  autoFocusLiner = false,
  autoFocusNumber = false,
}: {
  teamId: string;
  plan: Plan;
  initial: DetailsValues;
  provenType?: string | null;
  /** Shown above the fields (what inference found). */
  notice?: ReactNode;
  /** Buttons beside the submit (Change number). */
  extraActions?: ReactNode;
  autoFocusLiner?: boolean;
  /** Step 2 after a successful inference: focus its first field, so focus never falls to the page. */
  autoFocusNumber?: boolean;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const run = useAction();
  const utils = trpc.useUtils();
  const create = trpc.shipments.create.useMutation();
  const team = trpc.teams.get.useQuery({ teamId }, { staleTime: 60_000 });
  const form = useZodForm(ShipmentInput, {
    ...initial,
    title: "",
    customField1: "",
    customField2: "",
    customField3: "",
    requestedEtd: "",
    requestedEta: "",
  });
  const { values, set, field, errors } = form;
  const line = isShippingLine(values.shippingLine) ? values.shippingLine : "";
  const type = isTrackingType(values.trackingType) ? values.trackingType : "";
  const proven = provenType !== null && isTrackingType(provenType) ? provenType : null;
  const warnings = trackingWarnings({
    shippingLine: line === "" ? undefined : line,
    trackingType: type === "" ? undefined : type,
    trackingNumber: values.trackingNumber,
  });
  const checkDigit = useCheckDigitConfirmation(
    hasWrongCheckDigit(type, values.trackingNumber),
    normalizeTrackingNumber(values.trackingNumber),
  );
  const settings = team.data;
  const customFields = planAllows(plan, "customFields")
    ? CUSTOM_FIELDS.filter((n) => settings?.[`customField${n}Enabled`])
    : [];

  const onSubmit = form.handleSubmit(async (data) => {
    if (!checkDigit.mayProceed()) return;
    const input = {
      ...data,
      title: blankToUndefined(data.title),
      customField1: blankToUndefined(data.customField1),
      customField2: blankToUndefined(data.customField2),
      customField3: blankToUndefined(data.customField3),
    };
    const created = await run(
      () => create.mutateAsync({ teamId, input, ...checkDigit.input() }),
      () => t("shipmentNew.single.created"),
    );
    if (!created) return;
    void utils.shipments.invalidate();
    navigate(`${paths.shipments}/${created.id}`);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      {notice}
      <TextField
        label={t("shipment.fields.trackingNumber")}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        hint={t("shipmentNew.single.trackingNumberHint")}
        autoFocus={autoFocusNumber}
        {...field("trackingNumber")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t("shipment.fields.shippingLine")}
          value={values.shippingLine}
          onValueChange={(next) => {
            set("shippingLine", next);
            const nextLine = isShippingLine(next) ? next : "";
            set("trackingType", typeAfterLineChange(nextLine, type, proven));
          }}
          options={linerOptions(t)}
          error={errors.shippingLine}
          autoFocus={autoFocusLiner}
        />
        <SelectField
          label={t("shipment.fields.trackingType")}
          value={values.trackingType}
          onValueChange={(next) => set("trackingType", next)}
          options={trackingTypeOptions(line, t)}
          error={errors.trackingType}
        />
      </div>
      <LineNotice line={line} />
      <CheckDigitWarning confirmation={checkDigit} />
      {warnings.length > 0 ? (
        <Alert tone="warning" role="status">
          <ul className="space-y-1">
            {warnings.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-700">
          {t("shipmentNew.single.detailsTitle")}
        </legend>
        <TextField
          label={t("shipment.fields.title")}
          autoComplete="off"
          maxLength={255}
          {...field("title")}
        />
        {customFields.length > 0 ? (
          <div className="grid gap-5 sm:grid-cols-3">
            {customFields.map((n) => (
              <TextField
                key={n}
                label={settings?.[`customField${n}Name`] || t(`shipment.fields.customField${n}`)}
                autoComplete="off"
                maxLength={255}
                {...field(`customField${n}`)}
              />
            ))}
          </div>
        ) : planAllows(plan, "customFields") && settings ? (
          <Link href={paths.team} className="text-sm font-medium text-blue-700 hover:underline">
            {t("shipmentNew.single.customFieldsLink")}
          </Link>
        ) : null}
        {settings?.enableRequestedEtd || settings?.enableRequestedEta ? (
          <div className="grid gap-5 sm:grid-cols-2">
            {settings.enableRequestedEtd ? (
              <TextField label={t("shipment.fields.requestedEtd")} type="date" {...field("requestedEtd")} />
            ) : null}
            {settings.enableRequestedEta ? (
              <TextField label={t("shipment.fields.requestedEta")} type="date" {...field("requestedEta")} />
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton submitting={form.submitting}>{t("shipmentNew.single.submit")}</SubmitButton>
        {extraActions}
      </div>
    </form>
  );
}
