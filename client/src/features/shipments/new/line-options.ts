import {
  allowedTrackingTypes,
  defaultTrackingType,
  isTrackingTypeAllowed,
} from "../../../../../shared/carrier-rules";
import {
  SHIPPING_LINES,
  type ShippingLine,
  TRACKING_TYPES,
  type TrackingType,
} from "../../../../../shared/enums";

type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * The sample both forms offer (spec 01 §2, §4): a check-digit-valid box of ONE's own fleet that the
 * carrier knows. Next resolves it here, without asking inference, to ONE and CONTAINER_NUMBER.
 */
export const SAMPLE = {
  shippingLine: "ONE",
  trackingType: "CONTAINER_NUMBER",
  trackingNumber: "ONEU0240517",
} as const satisfies { shippingLine: ShippingLine; trackingType: TrackingType; trackingNumber: string };

export function isSampleNumber(value: string): boolean {
  return value.replace(/\s+/g, "").toUpperCase() === SAMPLE.trackingNumber;
}

export function lineLabel(code: ShippingLine, t: Translate): string {
  const line = SHIPPING_LINES.find((l) => l.code === code);
  if (!line) return code;
  return line.beta ? `${line.label} (${t("shipment.beta")})` : line.label;
}

/** The Liner dropdown: 'Choose Liner' first, then every line, Beta ones labelled. */
export function linerOptions(t: Translate): { value: string; label: string }[] {
  return [
    { value: "", label: t("shipmentNew.single.chooseLiner") },
    ...SHIPPING_LINES.map((l) => ({ value: l.code, label: lineLabel(l.code, t) })),
  ];
}

/** The type dropdown offers only what the chosen line takes (all types until a line is chosen). */
export function trackingTypeOptions(
  line: ShippingLine | "",
  t: Translate,
): { value: string; label: string }[] {
  const types = line === "" ? TRACKING_TYPES : allowedTrackingTypes(line);
  return [
    { value: "", label: t("shipmentNew.single.chooseType") },
    ...types.map((type) => ({ value: type, label: t(`shipment.trackingTypes.${type}`) })),
  ];
}

/**
 * The type after the line changed (spec 01 §4: reset to the line's first allowed type). A type the
 * number itself proved (inference) is kept when the new line takes it: a container number stays a
 * container number whichever line carries it.
 */
export function typeAfterLineChange(
  line: ShippingLine | "",
  current: TrackingType | "",
  provenType: TrackingType | null,
): TrackingType | "" {
  if (line === "") return current;
  if (provenType !== null && current === provenType && isTrackingTypeAllowed(line, provenType))
    return current;
  return defaultTrackingType(line);
}

export function isShippingLine(value: string): value is ShippingLine {
  return SHIPPING_LINES.some((l) => l.code === value);
}

export function isTrackingType(value: string): value is TrackingType {
  return (TRACKING_TYPES as readonly string[]).includes(value);
}
