import { useTranslation } from "react-i18next";
import type { ShippingLine } from "../../../../shared/enums";
import { trpc } from "../../lib/trpc";
import { Alert } from "../ui/alert";
import { linerLabel } from "./liner-name";

const NOTICE_KEY = {
  DELAY: "tracking.notices.lineDelay",
  MAINTENANCE: "tracking.notices.lineMaintenance",
} as const;

/**
 * The provider's delay or maintenance notice for a shipping line (spec 01 §8), where that line's
 * data is shown or asked for. Nothing while the notices load or when the line has none.
 */
export function LineNotice({
  line,
  className,
}: {
  line: ShippingLine | string | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  const notices = trpc.carriers.notices.useQuery(undefined, { staleTime: 60_000, enabled: Boolean(line) });
  const notice = line ? notices.data?.find((n) => n.shippingLine === line) : undefined;
  if (!notice) return null;
  return (
    <Alert tone="warning" role="status" className={className}>
      {t(NOTICE_KEY[notice.kind], { liner: linerLabel(notice.shippingLine) })}
    </Alert>
  );
}
