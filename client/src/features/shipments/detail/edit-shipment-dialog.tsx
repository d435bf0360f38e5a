import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import {
  allowedTrackingTypes,
  defaultTrackingType,
  trackingWarnings,
} from "../../../../../shared/carrier-rules";
import { hasWrongCheckDigit, normalizeTrackingNumber } from "../../../../../shared/container-number";
import { SHIPPING_LINES, type ShippingLine, type TrackingType } from "../../../../../shared/enums";
import { ShipmentUpdateInput } from "../../../../../shared/schemas/shipments";
import { paths } from "../../../app/paths";
import { Alert } from "../../../components/ui/alert";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field";
import { useZodForm } from "../../../lib/form";
import { CheckDigitWarning, useCheckDigitConfirmation } from "../common/check-digit-confirmation";
import { changedFields, type EditValues, editValuesOf } from "./edit-values";
import type { ShipmentDetail } from "./types";
import type { ShipmentActions } from "./use-shipment-actions";

const CUSTOM_FIELDS = [1, 2, 3] as const;

/**
 * Edit fields (spec 01 §2, §5): title, remark, line/type/number, the team's enabled custom fields
 * (plan permitting) and the requested dates the team shows. Only what changed is sent; a changed
 * number makes the server queue a refetch.
 */
export function EditShipmentDialog({
  shipment,
  actions,
  onOpenChange,
}: {
  shipment: ShipmentDetail;
  actions: ShipmentActions;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(ShipmentUpdateInput, editValuesOf(shipment) as EditValues);
  const values = form.values;
  const line = values.shippingLine as ShippingLine;
  const types = allowedTrackingTypes(line);
  const warnings = trackingWarnings(line, values.trackingType as TrackingType, values.trackingNumber);
  const team = shipment.team;
  const enabledCustom = CUSTOM_FIELDS.filter((n) => team[`customField${n}Enabled`]);
  const settings = shipment.teamPublicSettings;
  // As on create: a new container number whose check digit does not match is saved only once
  // confirmed; the number the shipment already has is not judged again.
  const typedNumber = normalizeTrackingNumber(values.trackingNumber);
  const retyped =
    (typedNumber !== "" && typedNumber !== shipment.trackingNumber) ||
    values.trackingType !== shipment.trackingType;
  const checkDigitWrong =
    retyped &&
    hasWrongCheckDigit(values.trackingType as TrackingType, typedNumber || shipment.trackingNumber);
  const checkDigit = useCheckDigitConfirmation(checkDigitWrong, typedNumber);

  const onSubmit = form.handleSubmit(async (parsed) => {
    if (!checkDigit.mayProceed()) return;
    const changes = changedFields(shipment, parsed, {
      customFields: shipment.viewerCan.editCustomFields ? enabledCustom : [],
      requestedEtd: settings.enableRequestedEtd,
      requestedEta: settings.enableRequestedEta,
    });
    if (Object.keys(changes).length === 0) {
      onOpenChange(false);
      return;
    }
    const numberChanged =
      changes.trackingNumber !== undefined ||
      changes.shippingLine !== undefined ||
      changes.trackingType !== undefined;
    const saved = await actions.save(
      changes,
      numberChanged ? t("shipmentDetail.edit.numberChanged") : undefined,
      checkDigit.input(),
    );
    if (saved) onOpenChange(false);
  });

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={t("shipmentDetail.edit.title")}
      size="lg"
      closeLabel={t("common.close")}
    >
      <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
        <TextField
          label={t("shipment.fields.title")}
          autoComplete="off"
          maxLength={255}
          {...form.field("title")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("shipment.fields.shippingLine")}
            name="shippingLine"
            value={values.shippingLine}
            onValueChange={(next) => {
              form.set("shippingLine", next);
              // Spec 01 §4: a new line resets the type to the first type it allows.
              const nextLine = next as ShippingLine;
              if (!allowedTrackingTypes(nextLine).includes(values.trackingType as TrackingType)) {
                form.set("trackingType", defaultTrackingType(nextLine));
              }
            }}
            options={SHIPPING_LINES.map((l) => ({
              value: l.code,
              label: l.beta ? `${l.label} (${t("shipment.beta")})` : l.label,
            }))}
            error={form.errors.shippingLine}
          />
          <SelectField
            label={t("shipment.fields.trackingType")}
            name="trackingType"
            value={values.trackingType}
            onValueChange={(next) => form.set("trackingType", next)}
            options={types.map((type) => ({ value: type, label: t(`shipment.trackingTypes.${type}`) }))}
            error={form.errors.trackingType}
          />
        </div>
        <TextField
          label={t("shipment.fields.trackingNumber")}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          {...form.field("trackingNumber")}
        />
        <CheckDigitWarning confirmation={checkDigit} />
        {warnings.length > 0 ? (
          <Alert tone="warning">
            {warnings.map((key) => (
              <p key={key}>{t(key)}</p>
            ))}
          </Alert>
        ) : null}
        {settings.enableRequestedEtd || settings.enableRequestedEta ? (
          <div className="grid gap-4 sm:grid-cols-2">
            {settings.enableRequestedEtd ? (
              <TextField
                type="date"
                label={t("shipment.fields.requestedEtd")}
                hint={t("shipmentDetail.edit.requestedEtdHint")}
                {...form.field("requestedEtd")}
              />
            ) : null}
            {settings.enableRequestedEta ? (
              <TextField
                type="date"
                label={t("shipment.fields.requestedEta")}
                hint={t("shipmentDetail.edit.requestedEtdHint")}
                {...form.field("requestedEta")}
              />
            ) : null}
          </div>
        ) : null}
        {enabledCustom.length > 0 && shipment.viewerCan.editCustomFields
          ? enabledCustom.map((n) => (
              <TextField
                key={n}
                label={team[`customField${n}Name`] || t(`shipment.fields.customField${n}`)}
                autoComplete="off"
                maxLength={255}
                {...form.field(`customField${n}`)}
              />
            ))
          : null}
        {enabledCustom.length > 0 && !shipment.viewerCan.editCustomFields ? (
          <p className="text-sm text-slate-600">{t("shipmentDetail.edit.customFieldsPremium")}</p>
        ) : null}
        {enabledCustom.length === 0 ? (
          <p className="text-sm text-slate-600">
            <Link href={paths.team} className="font-medium text-blue-700 underline underline-offset-2">
              {t("shipmentDetail.edit.customFieldsSetup")}
            </Link>
          </p>
        ) : null}
        <TextAreaField label={t("shipment.fields.remark")} maxLength={5000} {...form.field("remark")} />
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={t("shipmentDetail.edit.submit")}
          pending={form.submitting || actions.pending.update}
        />
      </form>
    </Dialog>
  );
}
