import { useTranslation } from "react-i18next";
import { Badge } from "../ui/badge";

/** Delay text: "+3 days" late, "2 days early", "On time"; empty when nothing is known. */
export function useDelayText(): (days: number | null | undefined) => string {
  const { t } = useTranslation();
  return (days) => {
    if (days === null || days === undefined) return "";
    if (days > 0) return t("shipmentDetail.common.delayLate", { count: days });
    if (days < 0) return t("shipmentDetail.common.delayEarly", { count: -days });
    return t("shipmentDetail.common.onTime");
  };
}

/** Days late (red), early (green) or on time; nothing when the delay is unknown. */
export function DelayBadge({ days, label }: { days: number | null | undefined; label?: string }) {
  const text = useDelayText()(days);
  const { t } = useTranslation();
  if (days === null || days === undefined) return null;
  const tone = days > 0 ? "danger" : days < 0 ? "success" : "neutral";
  return (
    <Badge tone={tone}>{label ? t("shipmentDetail.common.delayLabel", { label, value: text }) : text}</Badge>
  );
}
