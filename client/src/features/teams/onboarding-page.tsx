import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { DEFAULT_TEAM_NAME } from "../../../../shared/constants";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { useToast } from "../../components/ui/toast";
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
  const viewer = trpc.account.viewer.useQuery();
  const teams = trpc.teams.list.useQuery();
  const [createOpen, setCreateOpen] = useState(false);
  const join = trpc.teams.join.useMutation({
    onSuccess: () => utils.teams.list.invalidate(),
    onError: (e) => toast.error(e.message),
  });

  const userId = viewer.data?.account.id;
  const canCreate = viewer.data?.role === "ADMIN";
  const joinedAny = (teams.data ?? []).some((team) => team.joined);

  async function finish() {
    await utils.account.viewer.invalidate();
    navigate("/app/console");
  }

  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center px-4 py-12">
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
                  ) : (
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
  );
}

function CreateTeamDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const toast = useToast();
  const [name, setName] = useState(DEFAULT_TEAM_NAME);
  const create = trpc.teams.create.useMutation({
    onSuccess: async (team) => {
      toast.success(t("teams.createDialog.created", { name: team.name }));
      await utils.teams.list.invalidate();
      onOpenChange(false);
      setName(DEFAULT_TEAM_NAME);
    },
    onError: (e) => toast.error(e.message),
  });
  const blank = name.trim() === "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!blank) create.mutate({ name: name.trim() });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("teams.createDialog.title")}
      closeLabel={t("common.close")}
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <div>
          <label htmlFor="team-name" className="block text-sm font-medium text-slate-700">
            {t("teams.createDialog.nameLabel")}
          </label>
          <input
            id="team-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            aria-invalid={blank || undefined}
            aria-describedby={blank ? "team-name-error" : undefined}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600"
          />
          {blank ? (
            <p id="team-name-error" className="mt-1 text-xs text-red-700">
              {t("validation.required")}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("teams.createDialog.cancel")}
          </Button>
          <Button
            type="submit"
            variant="primary"
            disabled={blank || create.isPending}
            aria-busy={create.isPending}
          >
            {t("teams.createDialog.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
