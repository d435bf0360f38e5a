import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { TeamName } from "../../../../shared/schemas";
import { CreateTeamDialog, useRefreshTeams } from "../../components/shared/create-team-dialog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog, Dialog, DialogActions } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/field";
import { ArchiveIcon, PencilIcon, PlusIcon } from "../../components/ui/icons-actions";
import { SettingsSection } from "../../components/ui/section";
import { ErrorState } from "../../components/ui/state";
import { Table, TableMessage, TBody, Td, THead, Th, Tr } from "../../components/ui/table";
import { useZodForm } from "../../lib/form";
import { formatDate } from "../../lib/format";
import { currentLanguage } from "../../lib/i18n";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";
import { ArchivedTeamsDialog } from "./archived-teams-dialog";

type Team = RouterOutputs["teams"]["list"][number];

interface Props {
  companyName: string;
  isAdmin: boolean;
}

/**
 * The company's teams (spec 02 §2): Admins create, rename and archive any team; Managers rename and
 * archive the teams they belong to (their "own teams", spec 02 §6).
 */
export function TeamsSection({ companyName, isAdmin }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const run = useAction();
  const refresh = useRefreshTeams();
  const teams = trpc.teams.list.useQuery();
  const archive = trpc.teams.archive.useMutation();
  const [creating, setCreating] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const [renaming, setRenaming] = useState<Team | null>(null);
  const [archiving, setArchiving] = useState<Team | null>(null);
  const canManage = (team: Team) => isAdmin || team.joined;

  const confirmArchive = async () => {
    if (!archiving) return;
    const team = archiving;
    const done = await run(
      () => archive.mutateAsync({ teamId: team.id }),
      () => t("company.teams.archived", { name: team.name }),
    );
    if (done) {
      setArchiving(null);
      await refresh();
    }
  };

  const actions = (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => setShowArchived(true)}>
        <ArchiveIcon className="size-4" />
        {t("company.teams.archivedTeams")}
      </Button>
      {isAdmin ? (
        <Button variant="primary" size="sm" onClick={() => setCreating(true)}>
          <PlusIcon className="size-4" />
          {t("company.teams.create")}
        </Button>
      ) : null}
    </div>
  );

  return (
    <SettingsSection
      id="teams"
      title={t("company.teams.title")}
      description={
        isAdmin
          ? t("company.teams.description")
          : `${t("company.teams.managerScope")} ${t("company.teams.createAdminOnly")}`
      }
      aside={actions}
    >
      {teams.isError ? (
        <ErrorState message={t("errors.SERVER_ISSUE")} onRetry={() => void teams.refetch()} />
      ) : (
        <Table caption={t("company.teams.caption", { company: companyName })}>
          <THead>
            <Th>{t("company.teams.name")}</Th>
            <Th>{t("company.teams.members")}</Th>
            <Th>{t("company.teams.createdAt")}</Th>
            <Th className="text-right">{t("company.teams.actions")}</Th>
          </THead>
          <TBody>
            {teams.isPending ? (
              <TableMessage colSpan={4}>{t("common.loading")}</TableMessage>
            ) : teams.data.length === 0 ? (
              <TableMessage colSpan={4}>{t("company.teams.empty")}</TableMessage>
            ) : (
              teams.data.map((team) => {
                const allowed = canManage(team);
                const reason = allowed ? undefined : t("company.teams.notYourTeam");
                return (
                  <Tr key={team.id}>
                    <Td>
                      <div className="flex items-center gap-2.5">
                        <span
                          aria-hidden="true"
                          className="size-2.5 shrink-0 rounded-full"
                          style={{ backgroundColor: team.color }}
                        />
                        <span className="font-medium whitespace-nowrap text-slate-900">{team.name}</span>
                        {team.joined ? <Badge tone="success">{t("company.teams.joined")}</Badge> : null}
                      </div>
                    </Td>
                    <Td>{t("company.teams.memberCount", { count: team.memberCount })}</Td>
                    <Td className="whitespace-nowrap text-slate-500">
                      {formatDate(team.createdAt, language)}
                    </Td>
                    <Td className="text-right whitespace-nowrap">
                      <span title={reason}>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={t("company.teams.renameLabel", { name: team.name })}
                          disabled={!allowed}
                          onClick={() => setRenaming(team)}
                        >
                          <PencilIcon className="size-4" />
                          {t("company.teams.rename")}
                        </Button>
                      </span>
                      <span title={reason}>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={t("company.teams.archiveLabel", { name: team.name })}
                          disabled={!allowed}
                          onClick={() => setArchiving(team)}
                          className="text-red-700 hover:bg-red-50 hover:text-red-800"
                        >
                          <ArchiveIcon className="size-4" />
                          {t("company.teams.archive")}
                        </Button>
                      </span>
                    </Td>
                  </Tr>
                );
              })
            )}
          </TBody>
        </Table>
      )}
      <CreateTeamDialog open={creating} onOpenChange={setCreating} />
      <ArchivedTeamsDialog open={showArchived} onOpenChange={setShowArchived} />
      <RenameTeamDialog team={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => (open ? undefined : setArchiving(null))}
        title={t("company.teams.archiveConfirmTitle", { name: archiving?.name ?? "" })}
        body={
          <>
            <p>{t("company.teams.archiveConfirmIntro")}</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>{t("company.teams.archiveConfirmMembers", { count: archiving?.memberCount ?? 0 })}</li>
              <li>{t("company.teams.archiveConfirmShipments")}</li>
            </ul>
            <p>{t("company.teams.archiveConfirmRestore")}</p>
          </>
        }
        confirmLabel={t("company.teams.archiveConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void confirmArchive()}
        pending={archive.isPending}
        destructive
      />
    </SettingsSection>
  );
}

const RenameForm = z.object({ name: TeamName });

function RenameTeamDialog({ team, onClose }: { team: Team | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={team !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("company.teams.renameTitle")}
      closeLabel={t("common.close")}
    >
      {team ? <RenameTeamForm team={team} onClose={onClose} /> : null}
    </Dialog>
  );
}

function RenameTeamForm({ team, onClose }: { team: Team; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useAction();
  const refresh = useRefreshTeams();
  const rename = trpc.teams.rename.useMutation();
  const form = useZodForm(RenameForm, { name: team.name });
  const onSubmit = form.handleSubmit(async ({ name }) => {
    const done = await run(
      () => rename.mutateAsync({ teamId: team.id, input: { name } }),
      () => t("company.teams.renamed", { name }),
    );
    if (!done) return;
    await refresh();
    onClose();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 space-y-5">
      <TextField
        label={t("teams.createDialog.nameLabel")}
        maxLength={100}
        autoComplete="off"
        {...form.field("name")}
      />
      <DialogActions onCancel={onClose} submitLabel={t("common.save")} pending={form.submitting} />
    </form>
  );
}
