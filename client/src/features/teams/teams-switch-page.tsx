import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { HEADQUARTER_TEAM_ID } from "../../../../shared/enums";
import { can } from "../../../../shared/permissions";
import { paths } from "../../app/paths";
import { Badge } from "../../components/ui/badge";
import { Button, buttonClasses } from "../../components/ui/button";
import { BuildingIcon, UsersIcon } from "../../components/ui/icons";
import { PlusIcon } from "../../components/ui/icons-actions";
import { PageHeader } from "../../components/ui/page-header";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { useDocumentTitle } from "../../lib/document-title";
import { storeTeamId, useSelectedTeam } from "../../lib/selected-team";
import { useViewerQuery } from "../../lib/session";
import { trpc } from "../../lib/trpc";

/** Spec 02 §2: choosing stores the team id locally and reloads the console on that team. */
function choose(teamId: string) {
  storeTeamId(teamId);
  window.location.assign(paths.console);
}

interface Row {
  id: string;
  name: string;
  color?: string;
  detail?: string;
  icon?: React.ReactNode;
}

function TeamList({ label, rows, currentId }: { label: string; rows: Row[]; currentId: string | null }) {
  const { t } = useTranslation();
  return (
    <section aria-label={label} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 className="border-b border-slate-200 px-5 py-3 text-sm font-semibold text-slate-900">{label}</h2>
      <ul className="divide-y divide-slate-100">
        {rows.map((row) => {
          const current = row.id === currentId;
          return (
            <li key={row.id} className="flex items-center justify-between gap-4 px-5 py-3">
              <div className="flex min-w-0 items-center gap-3">
                {row.icon ?? (
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-full ring-1 ring-black/10"
                    style={{ backgroundColor: row.color ?? "#94a3b8" }}
                  />
                )}
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{row.name}</p>
                  {row.detail ? <p className="truncate text-xs text-slate-500">{row.detail}</p> : null}
                </div>
              </div>
              {current ? (
                <Badge tone="success">{t("teams.switch.current")}</Badge>
              ) : (
                <Button
                  size="sm"
                  aria-label={t("teams.switch.chooseTeam", { name: row.name })}
                  onClick={() => choose(row.id)}
                >
                  {t("teams.switch.choose")}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** /app/console/teams/switch: the user's teams, headquarters and guest teams, and New Team. */
export function TeamsSwitchPage() {
  const { t } = useTranslation();
  const title = t("teams.switch.title");
  useDocumentTitle(title);
  const role = useViewerQuery().data?.role ?? null;
  const { teamId } = useSelectedTeam();
  const switcher = trpc.teams.switcher.useQuery(undefined, { staleTime: 30_000 });
  const offer = switcher.data;

  let body: React.ReactNode;
  if (switcher.isError) {
    body = <ErrorState message={t("teams.switch.loadFailed")} onRetry={() => void switcher.refetch()} />;
  } else if (!offer) {
    body = <LoadingState />;
  } else {
    const own: Row[] = offer.teams.map((team) => ({ id: team.id, name: team.name, color: team.color }));
    if (offer.headquarters) {
      own.unshift({
        id: HEADQUARTER_TEAM_ID,
        name: t("shell.teamSwitcher.headquarters"),
        detail: t("teams.switch.headquartersDescription"),
        icon: <BuildingIcon className="size-5 shrink-0 text-slate-500" />,
      });
    }
    body = (
      <div className="flex flex-col gap-6">
        {own.length > 0 ? (
          <TeamList label={t("teams.switch.yourTeams")} rows={own} currentId={teamId} />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            {t("teams.switch.empty")}
          </p>
        )}
        {offer.guestCompanies.map((group) => (
          <TeamList
            key={group.companyId}
            label={t("shell.teamSwitcher.guestGroup", { company: group.companyName })}
            rows={group.teams.map((team) => ({
              id: team.id,
              name: team.name,
              icon: <UsersIcon className="size-5 shrink-0 text-slate-400" />,
            }))}
            currentId={teamId}
          />
        ))}
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title={title}
        description={t("teams.switch.description")}
        actions={
          role && can(role, "team.create") ? (
            <Link href={paths.newTeam} className={buttonClasses("primary", "sm")}>
              <PlusIcon className="size-4" />
              {t("teams.switch.newTeam")}
            </Link>
          ) : null
        }
      />
      {body}
    </div>
  );
}
