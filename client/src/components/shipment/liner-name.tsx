import { useTranslation } from "react-i18next";
import { SHIPPING_LINES, type ShippingLine } from "../../../../shared/enums";
import { Badge } from "../ui/badge";

const BY_CODE = new Map<string, (typeof SHIPPING_LINES)[number]>(SHIPPING_LINES.map((l) => [l.code, l]));

/** The line's display name ("Hapag-Lloyd"), or its code when the list does not know it. */
export function linerLabel(line: ShippingLine | string): string {
  return BY_CODE.get(line)?.label ?? line;
}

/** A shipping line's name with the Beta label the spec gives EXPEDITORS, WALLENIUS and HOEGH. */
export function LinerName({ line, className = "" }: { line: ShippingLine | string; className?: string }) {
  const { t } = useTranslation();
  const known = BY_CODE.get(line);
  return (
    <span className={`inline-flex items-center gap-1.5 ${className}`}>
      <span>{known?.label ?? line}</span>
      {known?.beta ? <Badge tone="info">{t("shipment.beta")}</Badge> : null}
    </span>
  );
}
