import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { HEADQUARTER_TEAM_ID } from "../../../../shared/enums";
import { can } from "../../../../shared/permissions";
import { BuildingIcon, ChevronsUpDownIcon, UsersIcon } from "../../components/ui/icons";
import { PlusIcon } from "../../components/ui/icons-actions";
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuTrigger,
} from "../../components/ui/menu";
import { useSelectedTeam } from "../../lib/selected-team";
import { paths } from "../paths";
import { useShellState } from "./shell-context";

function TeamDot({ color }: { color?: string | undefined }) {
  return (
    <span
      aria-hidden="true"
      className="size-2.5 shrink-0 rounded-full ring-1 ring-black/10"
      style={{ backgroundColor: color ?? "#94a3b8" }}
    />
  );
}

/**
 * The team switcher of spec 01 §2 and §4: own teams, Headquarters when offered, and guest teams
 * grouped by their company with '(Guest)'. Until teams.switcher answers it only names the team.
 */
export function TeamSwitcher({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { teamName, teamKind, role } = useShellState();
  const { offer, teamId, select, guestCompanyName } = useSelectedTeam();
  const current = offer?.teams.find((team) => team.id === teamId);

  if (!offer) {
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

  const name = teamName ?? "—";
  return (
    <section aria-label={t("shell.teamSwitcher.label")}>
      <Menu>
        {/* Named by its visible text ("Current team" and the team), so voice control finds it by what it shows. */}
        <MenuTrigger className="flex w-full items-center gap-2.5 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-left hover:border-slate-300 hover:bg-white data-[state=open]:border-blue-300 data-[state=open]:bg-white">
          {teamKind === "headquarters" ? (
            <BuildingIcon className="size-4 shrink-0 text-slate-500" />
          ) : (
            <TeamDot color={current?.color} />
          )}
          <span className="min-w-0 flex-1">
            <span className="block text-xs font-medium text-slate-500">
              {teamKind === "guest" && guestCompanyName
                ? t("shell.teamSwitcher.guestGroup", { company: guestCompanyName })
                : t("shell.teamSwitcher.label")}
            </span>
            <span className="block truncate text-sm font-semibold text-slate-900">{name}</span>
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-slate-400" />
        </MenuTrigger>
        <MenuContent align="start" className="w-64 max-w-[calc(100vw-1rem)]">
          <MenuRadioGroup
            value={teamId ?? ""}
            onValueChange={(id) => {
              select(id);
              onNavigate?.();
            }}
          >
            {offer.teams.length > 0 ? <MenuLabel>{t("shell.teamSwitcher.yourTeams")}</MenuLabel> : null}
            {offer.teams.map((team) => (
              <MenuRadioItem key={team.id} value={team.id}>
                <TeamDot color={team.color} />
                <span className="truncate">{team.name}</span>
              </MenuRadioItem>
            ))}
            {offer.headquarters ? (
              <MenuRadioItem value={HEADQUARTER_TEAM_ID}>
                <BuildingIcon className="size-4 text-slate-400" />
                <span className="flex-1">{t("shell.teamSwitcher.headquarters")}</span>
                <span className="text-xs text-slate-500">{t("shell.teamSwitcher.headquartersHint")}</span>
              </MenuRadioItem>
            ) : null}
            {offer.guestCompanies.map((group) => (
              <div key={group.companyId} role="none">
                <MenuSeparator />
                <MenuLabel className="normal-case">
                  {t("shell.teamSwitcher.guestGroup", { company: group.companyName })}
                </MenuLabel>
                {group.teams.map((team) => (
                  <MenuRadioItem key={team.id} value={team.id}>
                    <UsersIcon className="size-4 text-slate-400" />
                    <span className="truncate">{team.name}</span>
                  </MenuRadioItem>
                ))}
              </div>
            ))}
          </MenuRadioGroup>
          <MenuSeparator />
          <MenuItem asChild>
            <Link href={paths.teamsSwitch} onClick={onNavigate}>
              <UsersIcon className="size-4 text-slate-400" />
              {t("shell.teamSwitcher.allTeams")}
            </Link>
          </MenuItem>
          {role && can(role, "team.create") ? (
            <MenuItem asChild>
              <Link href={paths.newTeam} onClick={onNavigate}>
                <PlusIcon className="size-4 text-slate-400" />
                {t("shell.teamSwitcher.newTeam")}
              </Link>
            </MenuItem>
          ) : null}
        </MenuContent>
      </Menu>
    </section>
  );
}
