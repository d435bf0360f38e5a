import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { CheckboxField } from "../../../components/ui/field";

/**
 * "Use this number anyway" for a container number whose ISO 6346 check digit does not match
 * (decision record 0009), on the New shipment form and the Edit dialog alike. The tick holds for
 * the number it was given for: another number asks again.
 */
export function useCheckDigitConfirmation(wrong: boolean, typedNumber: string) {
  const [confirmedNumber, setConfirmedNumber] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const confirmed = wrong && confirmedNumber === typedNumber;
  return {
    wrong,
    confirmed,
    missing,
    /** For the submit handler: false (and the warning says why) while confirmation is owed. */
    mayProceed(): boolean {
      if (wrong && !confirmed) {
        setMissing(true);
        return false;
      }
      return true;
    },
    /** The flag the create and update inputs carry once confirmed. */
    input(): { confirmCheckDigit?: true } {
      return confirmed ? { confirmCheckDigit: true } : {};
    },
    setConfirmed(checked: boolean) {
      setConfirmedNumber(checked ? typedNumber : null);
      if (checked) setMissing(false);
    },
  };
}

export type CheckDigitConfirmation = ReturnType<typeof useCheckDigitConfirmation>;

/** The warning with its confirmation box; nothing while the number's check digit is right. */
export function CheckDigitWarning({ confirmation }: { confirmation: CheckDigitConfirmation }) {
  const { t } = useTranslation();
  if (!confirmation.wrong) return null;
  return (
    <Alert
      tone="warning"
      role="status"
      title={t("shipmentNew.single.checkDigitTitle")}
      actions={
        <CheckboxField
          label={t("shipmentNew.single.checkDigitConfirm")}
          checked={confirmation.confirmed}
          onCheckedChange={(checked) => confirmation.setConfirmed(checked)}
          error={confirmation.missing ? t("shipmentNew.single.checkDigitConfirmRequired") : undefined}
        />
      }
    >
      {t("shipmentNew.single.checkDigitBody")}
    </Alert>
  );
}
