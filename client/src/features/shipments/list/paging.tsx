import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";

/** Previous / next page with the range shown (100 per page, spec 01 §9). */
export function Paging({
  page,
  perPage,
  total,
  hasNextPage,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  hasNextPage: boolean;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  if (total === 0) return null;
  const number = (n: number) => n.toLocaleString(i18n.language);
  const from = (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <nav aria-label={t("shipmentList.paging.label")} className="flex items-center justify-end gap-3 text-sm">
      <span className="text-slate-600 tabular-nums" aria-live="polite">
        {t("shipmentList.paging.range", { from: number(from), to: number(to), total: number(total) })}
      </span>
      <Button size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {t("shipmentList.paging.previous")}
      </Button>
      <Button size="sm" onClick={() => onPage(page + 1)} disabled={!hasNextPage}>
        {t("shipmentList.paging.next")}
      </Button>
    </nav>
  );
}
