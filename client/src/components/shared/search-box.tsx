import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { inputClasses } from "../ui/field";
import { XIcon } from "../ui/icons";

/** The full-text search box of the shipment list and the guest home; the page debounces what it sends (500 ms, spec 01 §9). */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="relative w-full max-w-xs">
      <Search
        aria-hidden="true"
        focusable="false"
        strokeWidth={1.75}
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={t("shipmentList.search.label")}
        placeholder={t("shipmentList.search.placeholder")}
        className={`${inputClasses} border-slate-300 pr-9 pl-9`}
      />
      {value ? (
        <button
          type="button"
          onClick={() => onChange("")}
          aria-label={t("shipmentList.search.clear")}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700"
        >
          <XIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
