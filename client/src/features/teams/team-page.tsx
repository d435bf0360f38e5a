import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { can, planAllows } from "../../../../shared/permissions";
import { paths } from "../../app/paths";
import { useRefreshTeams } from "../../components/shared/create-team-dialog";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/dialog";
import { BuildingIcon, LogOutIcon, UsersIcon } from "../../components/ui/icons";
import { PageHeader } from "../../components/ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../components/ui/state";
import { useDocumentTitle } from "../../lib/document-title";
import { useSelectedTeam } from "../../lib/selected-team";
import { useViewerQuery, type Viewer } from "../../lib/session";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";
import { CustomFieldsSection } from "./custom-fields-section";
import { CyberportPanel } from "./cyberport-panel";
import { GuestUsersSection } from "./guest-users-section";
import { TeamMembersSection } from "./team-members-section";
import { TeamSettingsForm } from "./team-settings-form";

type Team = RouterOutputs["teams"]["get"];

function SwitchTeamLink() {
  const { t } = useTranslation();
  return (
    <Link href={paths.teamsSwitch} className={buttonClasses("primary")}>
      {t("teams.page.chooseAnother")}
    </Link>
  );
}

/** /app/console/team: the page of the selected team (spec 02 §2), for the team's members. */
export function TeamPage() {
  const { t } = useTranslation();
  const viewer = useViewerQuery().data;
  const selected = useSelectedTeam();

  if (selected.kind !== "team") {
    const headquarters = selected.kind === "headquarters";
    return (
      <EmptyState
        icon={headquarters ? <BuildingIcon className="size-6" /> : <UsersIcon className="size-6" />}
        title={headquarters ? t("teams.page.headquartersTitle") : t("teams.page.guestTitle")}
        actions={<SwitchTeamLink />}
      >
        {t("teams.page.notOwnTeamBody")}
      </EmptyState>
    );
  }
  if (!viewer || selected.teamId === null) return <LoadingState />;
  return <TeamPageFor key={selected.teamId} teamId={selected.teamId} viewer={viewer} />;
}

function TeamPageFor({ teamId, viewer }: { teamId: string; viewer: Viewer }) {
  const { t } = useTranslation();
  const team = trpc.teams.get.useQuery({ teamId }, { retry: false });
  useDocumentTitle(team.data ? t("teams.page.title", { name: team.data.name }) : t("shell.nav.team"));

  if (team.isError) {
    const missing = team.error.data?.code === "NOT_FOUND";
    return missing ? (
      <EmptyState
        icon={<UsersIcon className="size-6" />}
        title={t("teams.page.notFound")}
        actions={<SwitchTeamLink />}
      />
    ) : (
      <ErrorState message={t("teams.page.loadFailed")} onRetry={() => void team.refetch()} />
    );
  }
  if (!team.data) return <LoadingState />;
  return <TeamPageContent team={team.data} viewer={viewer} />;
}

function TeamPageContent({ team, viewer }: { team: Team; viewer: Viewer }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const run = useAction();
  const refreshTeams = useRefreshTeams();
  const { offer } = useSelectedTeam();
  const deleteUser = trpc.teams.deleteUser.useMutation();
  const leave = trpc.teams.leave.useMutation();
  const [leaving, setLeaving] = useState(false);
  const role = viewer.role;
  const isMember = team.users.some((u) => u.id === viewer.account.id);
  // Admins manage every team, Managers the teams they belong to (spec 02 §6).
  const canEdit = role !== null && can(role, "team.manage") && (role === "ADMIN" || isMember);
  const canLeave = isMember && (offer?.teams.length ?? viewer.teams.length) > 1;
  const company = viewer.company;

  const afterLeaving = async () => {
    await refreshTeams();
    navigate(paths.console);
  };

  const removeMember = async (member: Team["users"][number]) => {
    const done = await run(
      () => deleteUser.mutateAsync({ userId: member.id, teamId: team.id }),
      () => t("teams.members.removed", { name: member.nickname }),
    );
    if (!done) return false;
    if (member.id === viewer.account.id) await afterLeaving();
    else await Promise.all([utils.teams.get.invalidate({ teamId: team.id }), refreshTeams()]);
    return true;
  };

  const confirmLeave = async () => {
    const done = await run(
      () => leave.mutateAsync({ userId: viewer.account.id, teamId: team.id }),
      () => t("teams.leave.left", { team: team.name }),
    );
    if (!done) return;
    setLeaving(false);
    await afterLeaving();
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title={t("teams.page.title", { name: team.name })}
        description={t("teams.page.description")}
        actions={
          canLeave ? (
            <Button variant="secondary" onClick={() => setLeaving(true)}>
              <LogOutIcon className="size-4" />
              {t("teams.leave.button")}
            </Button>
          ) : null
        }
      />
      {canEdit ? null : (
        <Alert
          tone="info"
          actions={
            <Link href={paths.roles} className="font-medium text-blue-800 underline underline-offset-2">
              {t("company.invite.roleHint")}
            </Link>
          }
        >
          {t("teams.page.readOnly")}
        </Alert>
      )}
      <TeamSettingsForm
        // Remounted when the saved settings change, so the form shows what the server keeps.
        key={JSON.stringify([
          team.name,
          team.daysToArchiveAfterDelivery,
          team.enableInitialEtd,
          team.enableRequestedEtd,
          team.enableInitialEta,
          team.enableRequestedEta,
        ])}
        team={team}
        canEdit={canEdit}
      />
      <TeamMembersSection
        team={team}
        viewerId={viewer.account.id}
        canEdit={canEdit}
        onRemove={removeMember}
        removing={deleteUser.isPending}
      />
      {company?.isConnectEnabled ? <GuestUsersSection team={team} canEdit={canEdit} /> : null}
      <CustomFieldsSection
        key={JSON.stringify([
          team.customField1Name,
          team.customField2Name,
          team.customField3Name,
          team.customField1Enabled,
          team.customField2Enabled,
          team.customField3Enabled,
        ])}
        team={team}
        canEdit={canEdit}
        planAllows={company ? planAllows(company.plan, "customFields") : false}
        isAdmin={role === "ADMIN"}
      />
      <CyberportPanel team={team} />
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={t("teams.leave.confirmTitle", { team: team.name })}
        body={t("teams.leave.confirmBody")}
        confirmLabel={t("teams.leave.confirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void confirmLeave()}
        pending={leave.isPending}
        destructive
      />
    </div>
  );
}
