import { useTranslation } from "react-i18next";

/**
 * The actual-versus-estimated mark the legend explains (spec 01 §2): a filled dot for a date that
 * happened, a hollow one for an announced date. The word is there for screen readers.
 */
export function DateMark({ actual }: { actual: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <span
        aria-hidden="true"
        className={`inline-block size-2 shrink-0 rounded-full ${
          actual ? "bg-slate-800" : "border-[1.5px] border-slate-500 bg-white"
        }`}
      />
      <span className="sr-only">
        {actual ? t("shipmentList.table.actual") : t("shipmentList.table.estimated")}
      </span>
    </>
  );
}
