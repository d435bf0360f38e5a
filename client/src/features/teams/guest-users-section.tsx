import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AddTeamGuestInput } from "../../../../shared/schemas";
import { Button, RemoveButton, SubmitButton } from "../../components/ui/button";
import { ConfirmDialog, Dialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/field";
import { MailIcon, UserPlusIcon } from "../../components/ui/icons-actions";
import { SettingsSection } from "../../components/ui/section";
import { Table, TableMessage, TBody, Td, THead, Th, Tr } from "../../components/ui/table";
import { useZodForm } from "../../lib/form";
import { formatDate, isoDate } from "../../lib/format";
import { currentLanguage } from "../../lib/i18n";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";

type Team = RouterOutputs["teams"]["get"];
type Guest = Team["teamGuestUsers"][number];

const GuestEmailForm = AddTeamGuestInput.pick({ email: true });

/** Guest Users (spec 02 §2): shown only where the company's connect feature is on. */
export function GuestUsersSection({ team, canEdit }: { team: Team; canEdit: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const utils = trpc.useUtils();
  const run = useAction();
  const removeGuest = trpc.teams.removeGuest.useMutation();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Guest | null>(null);
  const columns = canEdit ? 3 : 2;

  const confirmRemove = async () => {
    if (!removing) return;
    const guest = removing;
    const done = await run(
      () => removeGuest.mutateAsync({ teamId: team.id, teamGuestUserId: guest.id }),
      () => t("teams.guests.removed", { email: guest.email }),
    );
    if (!done) return;
    setRemoving(null);
    await utils.teams.get.invalidate({ teamId: team.id });
  };

  return (
    <SettingsSection
      id="team-guests"
      title={t("teams.guests.title")}
      description={t("teams.guests.description")}
      aside={
        canEdit ? (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            <UserPlusIcon className="size-4" />
            {t("teams.guests.add")}
          </Button>
        ) : null
      }
    >
      <Table caption={t("teams.guests.caption", { team: team.name })}>
        <THead>
          <Th>{t("teams.guests.email")}</Th>
          <Th>{t("teams.guests.addedAt")}</Th>
          {canEdit ? <Th className="text-right">{t("teams.guests.actions")}</Th> : null}
        </THead>
        <TBody>
          {team.teamGuestUsers.length === 0 ? (
            <TableMessage colSpan={columns}>{t("teams.guests.empty")}</TableMessage>
          ) : (
            team.teamGuestUsers.map((guest) => (
              <Tr key={guest.id}>
                <Td className="font-medium text-slate-900">{guest.email}</Td>
                <Td className="whitespace-nowrap text-slate-500">
                  <time dateTime={isoDate(guest.createdAt)}>{formatDate(guest.createdAt, language)}</time>
                </Td>
                {canEdit ? (
                  <Td className="text-right">
                    <RemoveButton
                      label={t("teams.guests.removeLabel", { email: guest.email })}
                      onClick={() => setRemoving(guest)}
                    >
                      {t("teams.guests.remove")}
                    </RemoveButton>
                  </Td>
                ) : null}
              </Tr>
            ))
          )}
        </TBody>
      </Table>
      <Dialog
        open={adding}
        onOpenChange={setAdding}
        title={t("teams.guests.dialogTitle")}
        description={t("teams.guests.dialogDescription", { team: team.name })}
        closeLabel={t("common.close")}
      >
        <AddGuestForm team={team} onDone={() => setAdding(false)} />
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t("teams.guests.confirmTitle", { email: removing?.email ?? "" })}
        body={t("teams.guests.confirmBody", { email: removing?.email ?? "" })}
        confirmLabel={t("teams.guests.confirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void confirmRemove()}
        pending={removeGuest.isPending}
        destructive
      />
    </SettingsSection>
  );
}

function AddGuestForm({ team, onDone }: { team: Team; onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const run = useAction();
  const addGuest = trpc.teams.addGuest.useMutation();
  const form = useZodForm(GuestEmailForm, { email: "" });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    const done = await run(
      () => addGuest.mutateAsync({ teamId: team.id, email }),
      () => t("teams.guests.added", { email }),
    );
    if (!done) return;
    await utils.teams.get.invalidate({ teamId: team.id });
    onDone();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
      <TextField
        label={t("teams.guests.guestEmail")}
        type="email"
        autoComplete="off"
        {...form.field("email")}
      />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <SubmitButton submitting={form.submitting}>
          <MailIcon className="size-4" />
          {t("teams.guests.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
