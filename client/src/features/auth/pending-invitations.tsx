import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { useToast } from "../../components/ui/toast";
import { errorText } from "../../lib/auth-api";
import { trpc } from "../../lib/trpc";
import { useEnterAfterAccepting } from "./accept-invitation";

// The "no company" warning on sign-in (spec 01 §2) also offers the invitations sent to the
// signed-in address (decision 0061): someone who signed in with Google after being invited,
// or whose account predates the invitation, joins with one click instead of being stranded.

export function PendingInvitations() {
  const { t } = useTranslation();
  const toast = useToast();
  const enter = useEnterAfterAccepting();
  const pending = trpc.invitations.pending.useQuery(undefined, { retry: 1 });
  const accept = trpc.invitations.acceptPending.useMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  if (pending.error) {
    return (
      <Alert tone="error" role="status" className="mb-6">
        {t("auth.signIn.pendingLoadFailed")}
      </Alert>
    );
  }
  const invitations = pending.data ?? [];
  if (invitations.length === 0) return null;

  const onAccept = async (invitationId: string, companyName: string) => {
    setBusyId(invitationId);
    try {
      const accepted = await accept.mutateAsync({ invitationId });
      toast.success(t("auth.invited.accepted", { company: companyName }));
      enter(accepted);
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
      setBusyId(null);
      void pending.refetch();
    }
  };

  return (
    <Alert tone="info" role="status" title={t("auth.signIn.pendingTitle")} className="mb-6">
      <ul className="space-y-3">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {t("auth.signIn.pendingItem", {
                company: invitation.companyName,
                role: invitation.role ? t(`roles.names.${invitation.role}`) : "",
              })}
            </span>
            <Button
              size="sm"
              disabled={busyId !== null}
              aria-busy={busyId === invitation.id || undefined}
              onClick={() => void onAccept(invitation.id, invitation.companyName)}
            >
              {t("auth.signIn.pendingAccept", { company: invitation.companyName })}
            </Button>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
