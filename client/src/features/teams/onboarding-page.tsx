import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { StandaloneHeader } from "../../app/gates/gate-screens";
import { paths } from "../../app/paths";
import { CreateTeamDialog, useRefreshTeams } from "../../components/shared/create-team-dialog";
import { Button } from "../../components/ui/button";
import { useToast } from "../../components/ui/toast";
import { useDocumentTitle } from "../../lib/document-title";
import { failureText } from "../../lib/error-text";
import { trpc } from "../../lib/trpc";

/**
 * Team onboarding (spec 02 §2): the company's teams with Join / Joined, a Create a New Team dialog
 * for those allowed to create teams, and Done once the user belongs to at least one team.
 */
export function OnboardingPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const toast = useToast();
  const refresh = useRefreshTeams();
  useDocumentTitle(t("teams.onboarding.title"));
  const viewer = trpc.account.viewer.useQuery();
  const teams = trpc.teams.list.useQuery();
  const [createOpen, setCreateOpen] = useState(false);
  const join = trpc.teams.join.useMutation({
    onSuccess: () => refresh(),
    onError: (e) => toast.error(failureText(e, t)),
  });

  const userId = viewer.data?.account.id;
  const canCreate = viewer.data?.role === "ADMIN";
  const joinedAny = (teams.data ?? []).some((team) => team.joined);

  async function finish() {
    await utils.account.viewer.invalidate();
    navigate(paths.console);
  }

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      {/* Outside the console shell: without this, a person here had no way to sign out. */}
      <StandaloneHeader />
      <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col px-4 pt-4 pb-16 sm:pt-10">
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {t("teams.onboarding.title")}
          </h1>
          <p className="mt-2 text-sm text-slate-600">{t("teams.onboarding.description")}</p>

          <section
            className="mt-6"
            aria-label={t("teams.onboarding.listLabel", { company: viewer.data?.company?.companyName ?? "" })}
          >
            {teams.isPending ? (
              <p className="py-6 text-sm text-slate-500">{t("common.loading")}</p>
            ) : teams.isError ? (
              <div role="alert" className="flex items-center justify-between gap-4 py-6 text-sm text-red-700">
                <span>{t("teams.onboarding.loadFailed")}</span>
                <Button size="sm" onClick={() => teams.refetch()}>
                  {t("teams.onboarding.retry")}
                </Button>
              </div>
            ) : teams.data.length === 0 ? (
              <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
                <p>{t("teams.onboarding.empty")}</p>
                {canCreate ? null : <p className="mt-1">{t("teams.onboarding.emptyAskAdmin")}</p>}
              </div>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
                {teams.data.map((team) => (
                  <li key={team.id} className="flex items-center justify-between gap-4 px-4 py-3">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">{team.name}</p>
                      <p className="text-xs text-slate-500">
                        {t("teams.onboarding.members", { count: team.memberCount })}
                      </p>
                    </div>
                    {team.joined ? (
                      <span className="rounded-full bg-emerald-50 px-3 py-1 text-xs font-medium text-emerald-700">
                        {t("teams.onboarding.joined")}
                      </span>
                    ) : joinedAny && !canCreate ? null : (
                      // Self-join is for a first team (Admins: any team); later ones are added by a manager.
                      <Button
                        size="sm"
                        aria-label={t("teams.onboarding.joinTeam", { name: team.name })}
                        disabled={!userId || join.isPending}
                        onClick={() => userId && join.mutate({ userId, teamId: team.id })}
                      >
                        {t("teams.onboarding.join")}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            {canCreate ? (
              <Button variant="secondary" onClick={() => setCreateOpen(true)}>
                {t("teams.onboarding.create")}
              </Button>
            ) : (
              <span />
            )}
            <div className="flex items-center gap-3">
              {joinedAny ? null : (
                <span className="text-xs text-slate-500">{t("teams.onboarding.doneHint")}</span>
              )}
              <Button variant="primary" disabled={!joinedAny} onClick={finish}>
                {t("teams.onboarding.done")}
              </Button>
            </div>
          </div>
        </div>
        <CreateTeamDialog open={createOpen} onOpenChange={setCreateOpen} />
      </main>
    </div>
  );
}
