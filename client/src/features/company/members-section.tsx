import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ROLE_IDS, ROLES, type Role } from "../../../../shared/enums";
import { Avatar } from "../../components/ui/avatar";
import { Badge } from "../../components/ui/badge";
import { RemoveButton } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/dialog";
import { SettingsSection } from "../../components/ui/section";
import { ErrorState } from "../../components/ui/state";
import { Table, TableMessage, TBody, Td, THead, Th, Tr } from "../../components/ui/table";
import { formatDate } from "../../lib/format";
import { currentLanguage } from "../../lib/i18n";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";

type Member = RouterOutputs["members"]["list"]["members"][number];

const selectClasses =
  "rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-2.5 text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/20 focus:outline-none";

interface Props {
  companyName: string;
  viewerId: string;
  isAdmin: boolean;
  aside: React.ReactNode;
}

/** Members with their roles; Admins change roles and remove members, each after a confirmation. */
export function MembersSection({ companyName, viewerId, isAdmin, aside }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const utils = trpc.useUtils();
  const run = useAction();
  const members = trpc.members.list.useQuery();
  const updateRole = trpc.members.updateRole.useMutation();
  const remove = trpc.members.delete.useMutation();
  const [roleChange, setRoleChange] = useState<{ member: Member; role: Role } | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const roleName = (role: Role | null) => (role ? t(`roles.names.${role}`) : "—");

  const confirmRole = async () => {
    if (!roleChange) return;
    const { member, role } = roleChange;
    const done = await run(
      () => updateRole.mutateAsync({ userId: member.id, input: { roleId: ROLE_IDS[role] } }),
      () => t("company.members.roleChanged", { name: member.nickname, role: roleName(role) }),
    );
    if (done) {
      setRoleChange(null);
      await utils.members.list.invalidate();
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    const member = removing;
    const done = await run(
      () => remove.mutateAsync({ userId: member.id }),
      () => t("company.members.removed", { name: member.nickname }),
    );
    if (done) {
      setRemoving(null);
      await Promise.all([utils.members.list.invalidate(), utils.teams.list.invalidate()]);
    }
  };

  return (
    <SettingsSection
      id="members"
      title={t("company.members.title")}
      description={isAdmin ? undefined : t("company.members.adminOnly")}
      aside={aside}
    >
      {members.isError ? (
        <ErrorState message={t("errors.SERVER_ISSUE")} onRetry={() => void members.refetch()} />
      ) : (
        <Table caption={t("company.members.caption", { company: companyName })}>
          <THead>
            <Th>{t("company.members.name")}</Th>
            <Th>{t("company.members.role")}</Th>
            <Th>{t("company.members.teams")}</Th>
            <Th>{t("company.members.since")}</Th>
            {isAdmin ? <Th className="text-right">{t("company.members.actions")}</Th> : null}
          </THead>
          <TBody>
            {members.isPending ? (
              <TableMessage colSpan={5}>{t("common.loading")}</TableMessage>
            ) : (
              members.data.members.map((member) => {
                const self = member.id === viewerId;
                return (
                  <Tr key={member.id}>
                    <Td>
                      <div className="flex items-center gap-3">
                        <Avatar name={member.nickname} color={member.color} />
                        <div className="min-w-0">
                          <p className="flex items-center gap-2 font-medium text-slate-900">
                            <span className="truncate">{member.nickname}</span>
                            {self ? <Badge tone="info">{t("common.you")}</Badge> : null}
                          </p>
                          <p className="truncate text-xs text-slate-500">{member.email}</p>
                        </div>
                      </div>
                    </Td>
                    <Td>
                      {isAdmin && !self && member.role ? (
                        <select
                          aria-label={t("company.members.roleOf", { name: member.nickname })}
                          value={member.role}
                          onChange={(event) => {
                            const role = ROLES.find((r) => r === event.target.value);
                            if (role && role !== member.role) setRoleChange({ member, role });
                          }}
                          className={selectClasses}
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {roleName(role)}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <span title={self && isAdmin ? t("company.members.ownRow") : undefined}>
                          <Badge tone={member.role === "ADMIN" ? "info" : "neutral"}>
                            {roleName(member.role)}
                          </Badge>
                        </span>
                      )}
                    </Td>
                    <Td>
                      {member.teams.length === 0 ? (
                        <span className="text-slate-500">{t("company.members.noTeams")}</span>
                      ) : (
                        <ul className="flex max-w-xs flex-wrap gap-1">
                          {member.teams.map((team) => (
                            <li key={team.id}>
                              <Badge>{team.name}</Badge>
                            </li>
                          ))}
                        </ul>
                      )}
                    </Td>
                    <Td className="whitespace-nowrap text-slate-500">
                      {formatDate(member.createdAt, language)}
                    </Td>
                    {isAdmin ? (
                      <Td className="text-right">
                        {self ? null : (
                          <RemoveButton
                            label={t("company.members.removeLabel", { name: member.nickname })}
                            onClick={() => setRemoving(member)}
                          >
                            {t("company.members.remove")}
                          </RemoveButton>
                        )}
                      </Td>
                    ) : null}
                  </Tr>
                );
              })
            )}
          </TBody>
        </Table>
      )}
      <ConfirmDialog
        open={roleChange !== null}
        onOpenChange={(open) => (open ? undefined : setRoleChange(null))}
        title={t("company.members.roleConfirmTitle", { name: roleChange?.member.nickname ?? "" })}
        body={t("company.members.roleConfirmBody", {
          name: roleChange?.member.nickname ?? "",
          role: roleName(roleChange?.role ?? null),
          previous: roleName(roleChange?.member.role ?? null),
        })}
        confirmLabel={t("company.members.roleConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void confirmRole()}
        pending={updateRole.isPending}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t("company.members.removeConfirmTitle", {
          name: removing?.nickname ?? "",
          company: companyName,
        })}
        body={
          <>
            <p>{t("company.members.removeConfirmBody", { name: removing?.nickname ?? "" })}</p>
            <p>{t("company.members.removeConfirmNote", { email: removing?.email ?? "" })}</p>
          </>
        }
        confirmLabel={t("company.members.removeConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void confirmRemove()}
        pending={remove.isPending}
        destructive
      />
    </SettingsSection>
  );
}
