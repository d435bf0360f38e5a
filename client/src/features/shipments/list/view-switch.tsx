import { useTranslation } from "react-i18next";
import { VIEW_MODES, type ViewMode } from "./saved-display";

/** List (default), calendar and timeline (spec 01 §2). */
export function ViewSwitch({ mode, onMode }: { mode: ViewMode; onMode: (mode: ViewMode) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="sr-only">{t("shipmentList.views.label")}</legend>
      <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 shadow-sm">
        {VIEW_MODES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => onMode(value)}
            className={`rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600 ${
              mode === value
                ? "bg-slate-900 text-white"
                : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            }`}
          >
            {t(`shipmentList.views.${value}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
