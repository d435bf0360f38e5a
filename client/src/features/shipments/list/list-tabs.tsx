import { type KeyboardEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { SHIPMENT_TABS, type ShipmentTab } from "../../../../../shared/schemas/list";

/**
 * Ongoing / Favorites / Archived / All (spec 01 §2). They filter one list rather than switch
 * panels, so they are a group of pressed-state buttons; arrow keys move between them.
 */
export function ListTabs({ tab, onTab }: { tab: ShipmentTab; onTab: (tab: ShipmentTab) => void }) {
  const { t } = useTranslation();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + SHIPMENT_TABS.length) % SHIPMENT_TABS.length;
    refs.current[next]?.focus();
  };
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="sr-only">{t("shipmentList.tabs.label")}</legend>
      <div className="flex gap-1 border-b border-slate-200">
        {SHIPMENT_TABS.map((value, index) => (
          <button
            key={value}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            aria-pressed={tab === value}
            onClick={() => onTab(value)}
            onKeyDown={(event) => onKey(event, index)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600 ${
              tab === value
                ? "border-blue-700 text-blue-800"
                : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
            }`}
          >
            {t(`shipmentList.tabs.${value}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
