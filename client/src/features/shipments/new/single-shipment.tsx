import { useState } from "react";
import { useTranslation } from "react-i18next";
import { hasWrongCheckDigit } from "../../../../../shared/container-number";
import type { Plan } from "../../../../../shared/enums";
import { InferTrackingInput } from "../../../../../shared/schemas/shipments";
import { Alert } from "../../../components/ui/alert";
import { Button, SubmitButton } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/state";
import { useToast } from "../../../components/ui/toast";
import { useZodForm } from "../../../lib/form";
import { trpc } from "../../../lib/trpc";
import { DetailsForm, type DetailsValues } from "./details-form";
import { isSampleNumber, lineLabel, SAMPLE } from "./line-options";

type Inference = "found" | "typeOnly" | "checkDigit" | "failed";

interface Step2 {
  values: DetailsValues;
  inference: Inference;
  provenType: string | null;
}

/** The Single tab: the new two-step form by default, the previous one-page form on request. */
export function SingleShipment({
  teamId,
  plan,
  autoFocus = true,
}: {
  teamId: string;
  plan: Plan;
  /** The number field takes the focus when the page opens, not when someone comes back to the tab. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<"new" | "old">("new");
  return (
    <div className="grid gap-6">
      {form === "new" ? (
        <NewForm teamId={teamId} plan={plan} autoFocus={autoFocus} />
      ) : (
        <PreviousForm teamId={teamId} plan={plan} />
      )}
      <div>
        <Button variant="ghost" size="sm" onClick={() => setForm(form === "new" ? "old" : "new")}>
          {form === "new" ? t("shipmentNew.forms.revert") : t("shipmentNew.forms.useNew")}
        </Button>
      </div>
    </div>
  );
}

function NewForm({ teamId, plan, autoFocus }: { teamId: string; plan: Plan; autoFocus: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [step2, setStep2] = useState<Step2 | null>(null);
  const form = useZodForm(InferTrackingInput, { trackingNumber: "" });

  // Spec 01 §4: Next asks inference and moves on to step 2 whatever it answers.
  const onNext = form.handleSubmit(async ({ trackingNumber }) => {
    if (isSampleNumber(trackingNumber)) {
      setStep2({ values: { ...SAMPLE }, inference: "found", provenType: SAMPLE.trackingType });
      return;
    }
    try {
      const inferred = await utils.carriers.infer.fetch({ trackingNumber }, { retry: false, staleTime: 0 });
      // An owner code that is no shipping line's (a lessor's box) gives the type without a line.
      const line: string | null = inferred.shippingLine ?? null;
      setStep2({
        values: { trackingNumber, shippingLine: line ?? "", trackingType: inferred.trackingType },
        inference: line === null ? "typeOnly" : "found",
        provenType: inferred.trackingType,
      });
    } catch {
      // A box number with a typo in it infers nothing, but it is still a box number: say what is
      // wrong with it rather than that inference failed.
      if (hasWrongCheckDigit("CONTAINER_NUMBER", trackingNumber)) {
        setStep2({
          values: { trackingNumber, shippingLine: "", trackingType: "CONTAINER_NUMBER" },
          inference: "checkDigit",
          provenType: "CONTAINER_NUMBER",
        });
        return;
      }
      toast.error(t("errors.TRACKING_TYPE_INFERENCE_FAILED"));
      setStep2({
        values: { trackingNumber, shippingLine: "", trackingType: "" },
        inference: "failed",
        provenType: null,
      });
    }
  });

  if (step2) {
    const notice =
      step2.inference === "found" ? (
        <Alert tone="success" role="status">
          {t("shipmentNew.single.inferred")}
        </Alert>
      ) : (
        <Alert tone="info" role="status">
          {t(
            step2.inference === "typeOnly"
              ? "shipmentNew.single.inferredTypeOnly"
              : step2.inference === "checkDigit"
                ? "shipmentNew.single.inferredCheckDigit"
                : "shipmentNew.single.inferFailed",
          )}
        </Alert>
      );
    return (
      <section aria-labelledby="new-shipment-step-2" className="grid gap-4">
        <h2 id="new-shipment-step-2" className="text-sm font-semibold text-slate-900">
          {t("shipmentNew.single.stepDetails")}
        </h2>
        <DetailsForm
          teamId={teamId}
          plan={plan}
          initial={step2.values}
          provenType={step2.provenType}
          notice={notice}
          autoFocusLiner={step2.inference !== "found"}
          autoFocusNumber={step2.inference === "found"}
          extraActions={
            <Button variant="secondary" onClick={() => setStep2(null)}>
              {t("shipmentNew.single.changeNumber")}
            </Button>
          }
        />
      </section>
    );
  }

  return (
    <section aria-labelledby="new-shipment-step-1" className="grid gap-4">
      <h2 id="new-shipment-step-1" className="text-sm font-semibold text-slate-900">
        {t("shipmentNew.single.stepNumber")}
      </h2>
      <form noValidate onSubmit={onNext} className="flex flex-wrap items-start gap-3">
        <TextField
          label={t("shipment.fields.trackingNumber")}
          className="min-w-0 flex-1 basis-72"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          autoFocus={autoFocus}
          hint={t("shipmentNew.single.trackingNumberHint")}
          {...form.field("trackingNumber")}
        />
        <SubmitButton submitting={form.submitting} className="mt-7">
          {form.submitting ? <Spinner className="size-4 text-white" /> : null}
          {form.submitting ? t("shipmentNew.single.inferring") : t("shipmentNew.single.next")}
        </SubmitButton>
      </form>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {t("shipmentNew.single.sampleOffer", { number: SAMPLE.trackingNumber })}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => form.set("trackingNumber", SAMPLE.trackingNumber)}
        >
          {t("shipmentNew.single.trySample")}
        </Button>
      </p>
    </section>
  );
}

/** The previous form: everything on one page, with a click-to-fill sample (ONE, CONTAINER_NUMBER). */
function PreviousForm({ teamId, plan }: { teamId: string; plan: Plan }) {
  const { t } = useTranslation();
  const [filled, setFilled] = useState(0);
  const empty: DetailsValues = { trackingNumber: "", shippingLine: "", trackingType: "" };
  const sampleLabel = t("shipmentNew.forms.sampleFill", {
    liner: lineLabel(SAMPLE.shippingLine, t),
    type: t(`shipment.trackingTypes.${SAMPLE.trackingType}`),
    number: SAMPLE.trackingNumber,
  });
  return (
    <div className="grid gap-5">
      <div className="rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-3 text-sm">
        <span className="font-medium text-slate-700">{t("shipmentNew.forms.sampleTitle")}: </span>
        <button
          type="button"
          onClick={() => setFilled((n) => n + 1)}
          className="rounded font-mono text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
          aria-label={sampleLabel}
        >
          {lineLabel(SAMPLE.shippingLine, t)} / {t(`shipment.trackingTypes.${SAMPLE.trackingType}`)} /{" "}
          {SAMPLE.trackingNumber}
        </button>
      </div>
      {/* A click on the sample starts the form over with it, so every field agrees with the sample. */}
      <DetailsForm
        key={filled}
        teamId={teamId}
        plan={plan}
        initial={filled > 0 ? { ...SAMPLE } : empty}
        provenType={filled > 0 ? SAMPLE.trackingType : null}
      />
    </div>
  );
}
