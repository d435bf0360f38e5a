import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { SUBSCRIPTION_SETTINGS, TRANSHIP_NOTIFICATION_BEHAVIORS } from "../../../../shared/enums";
import { Alert } from "../../components/ui/alert";
import { SubmitButton } from "../../components/ui/button";
import { CheckboxField, SelectField, TextField } from "../../components/ui/field";
import { SettingsSection } from "../../components/ui/section";
import { SwitchField } from "../../components/ui/switch";
import { useToast } from "../../components/ui/toast";
import { errorText } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";
import { trpc } from "../../lib/trpc";
import {
  browserTimeZone,
  formValues,
  type SavedSettings,
  SettingsFormSchema,
  THRESHOLD_FIELDS,
  type ThresholdMode,
  timeZoneOptions,
} from "./settings-form";
import { RadioGroupField, ThresholdFieldset } from "./threshold-fieldset";

const THRESHOLD_LABEL_KEYS = {
  minUpdateIntervalHoursEtd: "shipment.fields.departureTime",
  minUpdateIntervalHoursEta: "shipment.fields.arrivalTime",
  minUpdateIntervalHoursPlaceOfDeliveryEta: "shipment.fields.placeOfDeliveryEta",
} as const;

const CUSTOM_FIELD_SWITCHES = [
  "includesCustomField1ToEmail",
  "includesCustomField2ToEmail",
  "includesCustomField3ToEmail",
] as const;

export function NotificationSettingsForm({
  saved,
}: {
  saved: SavedSettings & { customFieldsAvailable: boolean };
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const update = trpc.notifications.updateSettings.useMutation();
  const zones = useMemo(timeZoneOptions, []);
  const form = useZodForm(SettingsFormSchema, formValues(saved, browserTimeZone(zones)));
  const v = form.values;
  const subscriptionChanged = v.subscriptionSettingForNewShipment !== saved.subscriptionSettingForNewShipment;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const result = await update.mutateAsync({
        ...input,
        applyToExistingShipments: subscriptionChanged && input.applyToExistingShipments === true,
      });
      toast.success(t("notifications.saved"));
      if (result.applied) {
        const count = result.applied.subscribed + result.applied.unsubscribed;
        toast.success(t("notifications.appliedToExisting", { count }));
      }
      await utils.notifications.settings.invalidate();
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <SettingsSection id="notification-recipients" title={t("notifications.recipients.title")}>
        <div className="grid max-w-xl gap-5">
          <TextField
            label={t("notifications.recipients.email")}
            hint={t("notifications.recipients.emailHint")}
            placeholder={t("notifications.recipients.emailPlaceholder")}
            type="text"
            inputMode="email"
            autoComplete="email"
            {...form.field("notificationEmail")}
          />
          {v.notificationEmail.trim() === "" ? (
            <Alert tone="info">{t("notifications.recipients.noEmail")}</Alert>
          ) : null}
          <SelectField
            label={t("notifications.recipients.timeZone")}
            hint={t("notifications.recipients.timeZoneHint")}
            {...form.field("timeZone")}
            options={[{ value: "", label: "UTC" }, ...zones.map((zone) => ({ value: zone, label: zone }))]}
          />
        </div>
      </SettingsSection>

      <SettingsSection
        id="notification-thresholds"
        title={t("notifications.thresholds.title")}
        description={t("notifications.thresholds.description")}
      >
        <div className="grid gap-4">
          {THRESHOLD_FIELDS.map((field) => (
            <ThresholdFieldset
              key={field}
              label={t(THRESHOLD_LABEL_KEYS[field])}
              mode={v[`${field}Mode`] as ThresholdMode}
              hours={v[field]}
              error={form.errors[field]}
              onModeChange={(mode) => form.set(`${field}Mode`, mode)}
              onHoursChange={(hours) => form.set(field, hours)}
            />
          ))}
          <RadioGroupField
            legend={t("notifications.tranship.label")}
            hint={t("notifications.tranship.hint")}
            name="transhipNotificationBehavior"
            value={v.transhipNotificationBehavior}
            onValueChange={(value) => form.set("transhipNotificationBehavior", value)}
            options={TRANSHIP_NOTIFICATION_BEHAVIORS.map((value) => ({
              value,
              label: t(`notifications.tranship.${value}`),
            }))}
          />
        </div>
      </SettingsSection>

      <SettingsSection id="notification-subscriptions" title={t("notifications.newShipments.title")}>
        <div className="grid max-w-xl gap-4">
          <SelectField
            label={t("notifications.newShipments.label")}
            {...form.field("subscriptionSettingForNewShipment")}
            options={SUBSCRIPTION_SETTINGS.map((value) => ({
              value,
              label: t(`notifications.newShipments.${value}`),
            }))}
          />
          {subscriptionChanged ? (
            <div>
              <CheckboxField
                label={t("notifications.newShipments.applyToExisting")}
                checked={v.applyToExistingShipments}
                onCheckedChange={(checked) => form.set("applyToExistingShipments", checked)}
              />
              <p className="mt-1 ml-6.5 text-xs text-slate-500">
                {t("notifications.newShipments.applyToExistingHint")}
              </p>
            </div>
          ) : null}
        </div>
      </SettingsSection>

      <SettingsSection id="notification-contents" title={t("notifications.include.title")}>
        <div className="divide-y divide-slate-100">
          <SwitchField
            label={t("notifications.completion.label")}
            description={t("notifications.completion.hint")}
            checked={v.isCompletionEmailEnabled}
            onCheckedChange={(checked) => form.set("isCompletionEmailEnabled", checked)}
          />
          <SwitchField
            label={t("notifications.include.remark")}
            checked={v.includesRemarkToEmail}
            onCheckedChange={(checked) => form.set("includesRemarkToEmail", checked)}
          />
          {saved.customFieldsAvailable ? (
            CUSTOM_FIELD_SWITCHES.map((name, i) => (
              <SwitchField
                key={name}
                label={t("notifications.include.customField", { number: i + 1 })}
                checked={v[name]}
                onCheckedChange={(checked) => form.set(name, checked)}
              />
            ))
          ) : (
            <p className="py-3 text-sm text-slate-500">{t("notifications.include.customFieldsUpgrade")}</p>
          )}
        </div>
      </SettingsSection>

      <div className="flex justify-end">
        <SubmitButton submitting={form.submitting}>{t("common.save")}</SubmitButton>
      </div>
    </form>
  );
}
