import { useTranslation } from "react-i18next";
import { useRefreshTeams } from "../../components/shared/create-team-dialog";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { RotateCcwIcon } from "../../components/ui/icons-actions";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { formatDate } from "../../lib/format";
import { currentLanguage } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";

/** Archived teams with Unarchive: the team returns, its members and shipments do not (spec 02 §4). */
export function ArchivedTeamsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const run = useAction();
  const refresh = useRefreshTeams();
  const archived = trpc.teams.archived.useQuery(undefined, { enabled: open });
  const unarchive = trpc.teams.unarchive.useMutation();

  const restore = async (team: { id: string; name: string }) => {
    const done = await run(
      () => unarchive.mutateAsync({ teamId: team.id }),
      () => t("company.archived.unarchived", { name: team.name }),
    );
    if (done) await refresh();
  };

  let body: React.ReactNode;
  if (archived.isError) {
    body = <ErrorState message={t("errors.SERVER_ISSUE")} onRetry={() => void archived.refetch()} />;
  } else if (!archived.data) {
    body = <LoadingState />;
  } else if (archived.data.length === 0) {
    body = (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500">
        {t("company.archived.empty")}
      </p>
    );
  } else {
    body = (
      <ul
        aria-label={t("company.archived.caption")}
        className="divide-y divide-slate-100 rounded-lg border border-slate-200"
      >
        {archived.data.map((team) => (
          <li key={team.id} className="flex items-center justify-between gap-4 px-4 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{team.name}</p>
              <p className="text-xs text-slate-500">
                {t("company.archived.archivedAt")}: {formatDate(team.updatedAt, language)}
              </p>
            </div>
            <Button
              size="sm"
              aria-label={t("company.archived.unarchiveLabel", { name: team.name })}
              disabled={unarchive.isPending}
              onClick={() => void restore(team)}
            >
              <RotateCcwIcon className="size-4" />
              {t("company.archived.unarchive")}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("company.archived.title")}
      description={t("company.archived.description")}
      closeLabel={t("common.close")}
      size="lg"
    >
      <div className="mt-5">{body}</div>
    </Dialog>
  );
}
