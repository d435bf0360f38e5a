import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/ui/avatar";
import { Badge } from "../../components/ui/badge";
import { Button, RemoveButton } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/dialog";
import { UserPlusIcon } from "../../components/ui/icons-actions";
import { SettingsSection } from "../../components/ui/section";
import { Table, TableMessage, TBody, Td, THead, Th, Tr } from "../../components/ui/table";
import { formatDate, isoDate } from "../../lib/format";
import { currentLanguage } from "../../lib/i18n";
import type { RouterOutputs } from "../../lib/trpc";
import { AddMembersDialog } from "./add-members-dialog";

type Team = RouterOutputs["teams"]["get"];
type Member = Team["users"][number];

interface Props {
  team: Team;
  viewerId: string;
  canEdit: boolean;
  onRemove: (member: Member) => Promise<boolean>;
  removing: boolean;
}

/** Team members: Name, Email, Joined At, Remove (spec 02 §2), and the Add Members modal. */
export function TeamMembersSection({ team, viewerId, canEdit, onRemove, removing }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<Member | null>(null);
  const columns = canEdit ? 4 : 3;
  const self = confirming?.id === viewerId;

  return (
    <SettingsSection
      id="team-members"
      title={t("teams.members.title")}
      description={t("teams.members.description", { count: team.users.length })}
      aside={
        canEdit ? (
          <Button variant="primary" size="sm" onClick={() => setAdding(true)}>
            <UserPlusIcon className="size-4" />
            {t("teams.members.add")}
          </Button>
        ) : null
      }
    >
      <Table caption={t("teams.members.caption", { team: team.name })}>
        <THead>
          <Th>{t("teams.members.name")}</Th>
          <Th>{t("teams.members.email")}</Th>
          <Th>{t("teams.members.joinedAt")}</Th>
          {canEdit ? <Th className="text-right">{t("teams.members.actions")}</Th> : null}
        </THead>
        <TBody>
          {team.users.length === 0 ? (
            <TableMessage colSpan={columns}>{t("teams.members.empty")}</TableMessage>
          ) : (
            team.users.map((member) => (
              <Tr key={member.id}>
                <Td>
                  <div className="flex items-center gap-3">
                    <Avatar name={member.nickname} />
                    <span className="font-medium text-slate-900">{member.nickname}</span>
                    {member.id === viewerId ? <Badge tone="info">{t("common.you")}</Badge> : null}
                  </div>
                </Td>
                <Td>{member.email}</Td>
                <Td className="whitespace-nowrap text-slate-500">
                  <time dateTime={isoDate(member.joinedAt)}>{formatDate(member.joinedAt, language)}</time>
                </Td>
                {canEdit ? (
                  <Td className="text-right">
                    <RemoveButton
                      label={t("teams.members.removeLabel", { name: member.nickname })}
                      onClick={() => setConfirming(member)}
                    >
                      {t("teams.members.remove")}
                    </RemoveButton>
                  </Td>
                ) : null}
              </Tr>
            ))
          )}
        </TBody>
      </Table>
      {canEdit ? <AddMembersDialog open={adding} onOpenChange={setAdding} team={team} /> : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={t("teams.members.confirmTitle", { name: confirming?.nickname ?? "", team: team.name })}
        body={
          self
            ? t("teams.members.confirmSelfBody")
            : t("teams.members.confirmBody", { name: confirming?.nickname ?? "" })
        }
        confirmLabel={t("teams.members.confirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => {
          if (!confirming) return;
          void onRemove(confirming).then((done) => (done ? setConfirming(null) : undefined));
        }}
        pending={removing}
        destructive
      />
    </SettingsSection>
  );
}
