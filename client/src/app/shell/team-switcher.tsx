import { useTranslation } from "react-i18next";
import { useShellState } from "./shell-context";

/**
 * Where the team switcher goes (spec 02, /app/console/teams/switch). For now it only names the
 * current team, and shows nothing until a team is known.
 */
export function TeamSwitcher() {
  const { t } = useTranslation();
  const { teamName } = useShellState();
  return (
    <section aria-label={t("shell.teamSwitcher.label")} className="empty:hidden">
      {teamName ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
          <p className="text-xs font-medium text-slate-500">{t("shell.teamSwitcher.label")}</p>
          <p className="truncate text-sm font-semibold text-slate-900">{teamName}</p>
        </div>
      ) : null}
    </section>
  );
}
