import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../components/ui/badge";
import { Button, RemoveButton } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/dialog";
import { RotateCcwIcon } from "../../components/ui/icons-actions";
import { SettingsSection } from "../../components/ui/section";
import { ErrorState } from "../../components/ui/state";
import { Table, TableMessage, TBody, Td, THead, Th, Tr } from "../../components/ui/table";
import { formatDate, isoDate } from "../../lib/format";
import { currentLanguage } from "../../lib/i18n";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";

type Invitation = RouterOutputs["invitations"]["list"][number];

/**
 * INVITED invitations only (JOINED ones never come back from the server), Pending or Expired by
 * their date; Admins resend or delete them.
 */
export function InvitationsSection({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const utils = trpc.useUtils();
  const run = useAction();
  const invitations = trpc.invitations.list.useQuery();
  const resend = trpc.invitations.resend.useMutation();
  const remove = trpc.invitations.delete.useMutation();
  const [deleting, setDeleting] = useState<Invitation | null>(null);
  const columns = isAdmin ? 5 : 4;

  const resendTo = async (invitation: Invitation) => {
    const done = await run(
      () => resend.mutateAsync({ email: invitation.email }),
      () => t("company.invitations.resent", { email: invitation.email }),
    );
    if (done) await utils.invitations.list.invalidate();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const invitation = deleting;
    const done = await run(
      () => remove.mutateAsync({ invitationId: invitation.id }),
      () => t("company.invitations.deleted", { email: invitation.email }),
    );
    if (done) {
      setDeleting(null);
      await utils.invitations.list.invalidate();
    }
  };

  return (
    <SettingsSection
      id="invitations"
      title={t("company.invitations.title")}
      description={isAdmin ? t("company.invitations.description") : t("company.invitations.adminOnly")}
    >
      {invitations.isError ? (
        <ErrorState message={t("errors.SERVER_ISSUE")} onRetry={() => void invitations.refetch()} />
      ) : (
        <Table caption={t("company.invitations.caption")}>
          <THead>
            <Th>{t("company.invitations.email")}</Th>
            <Th>{t("company.invitations.role")}</Th>
            <Th>{t("company.invitations.status")}</Th>
            <Th>{t("company.invitations.expires")}</Th>
            {isAdmin ? <Th className="text-right">{t("company.invitations.actions")}</Th> : null}
          </THead>
          <TBody>
            {invitations.isPending ? (
              <TableMessage colSpan={columns}>{t("common.loading")}</TableMessage>
            ) : invitations.data.length === 0 ? (
              <TableMessage colSpan={columns}>{t("company.invitations.empty")}</TableMessage>
            ) : (
              invitations.data.map((invitation) => (
                <Tr key={invitation.id}>
                  <Td className="font-medium whitespace-nowrap text-slate-900">{invitation.email}</Td>
                  <Td>{invitation.role ? t(`roles.names.${invitation.role}`) : "—"}</Td>
                  <Td>
                    {invitation.displayStatus === "EXPIRED" ? (
                      <Badge tone="danger">{t("company.invitations.expired")}</Badge>
                    ) : (
                      <Badge tone="warning">{t("company.invitations.pending")}</Badge>
                    )}
                  </Td>
                  <Td className="whitespace-nowrap text-slate-500">
                    <time dateTime={isoDate(invitation.invitationExpireAt)}>
                      {formatDate(invitation.invitationExpireAt, language)}
                    </time>
                  </Td>
                  {isAdmin ? (
                    <Td className="text-right whitespace-nowrap">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t("company.invitations.resendLabel", { email: invitation.email })}
                        disabled={resend.isPending}
                        onClick={() => void resendTo(invitation)}
                      >
                        <RotateCcwIcon className="size-4" />
                        {t("company.invitations.resend")}
                      </Button>
                      <RemoveButton
                        label={t("company.invitations.deleteLabel", { email: invitation.email })}
                        onClick={() => setDeleting(invitation)}
                      >
                        {t("company.invitations.delete")}
                      </RemoveButton>
                    </Td>
                  ) : null}
                </Tr>
              ))
            )}
          </TBody>
        </Table>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t("company.invitations.deleteConfirmTitle", { email: deleting?.email ?? "" })}
        body={t("company.invitations.deleteConfirmBody")}
        confirmLabel={t("company.invitations.deleteConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
        destructive
      />
    </SettingsSection>
  );
}
