import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { useToast } from "../../components/ui/toast";
import { errorText } from "../../lib/auth-api";
import { rememberReturnTarget } from "../../lib/redirect-target";
import { storeTeamId } from "../../lib/selected-team";
import { forgetSession } from "../../lib/session";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { useSignOut } from "../../lib/use-sign-out";
import { SubmitButton } from "./auth-layout";

// Decision 0061: an invitation is taken up by signing in too, not only by signing up. The
// invitation page shows this panel to a signed-in visitor; sign-in from the page comes back here.

export type InvitationView = RouterOutputs["invitations"]["byToken"];
type Accepted = RouterOutputs["invitations"]["accept"];

/**
 * The invitation page's address outside /app/auth/ (auth pages are never return targets), for
 * member and guest invitations alike.
 */
export function invitationPath(token: string): string {
  return `/app/invitations/${encodeURIComponent(token)}`;
}

/** Sign-in (password, Google, Firebase) started on the invitation page comes back to it. */
export function returnToInvitation(token: string): void {
  rememberReturnTarget(invitationPath(token));
}

/** Into the console, with a guest's new team selected; the cached "no company" state is dropped. */
export function useEnterAfterAccepting() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return (accepted: Accepted) => {
    if (accepted.kind === "guest") storeTeamId(accepted.teamId);
    forgetSession(queryClient);
    navigate(paths.console, { replace: true });
  };
}

export function AcceptInvitationPanel({
  token,
  invitation,
  email,
}: {
  token: string;
  invitation: InvitationView;
  /** The signed-in account's address. */
  email: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const signOut = useSignOut();
  const enter = useEnterAfterAccepting();
  const [pending, setPending] = useState(false);
  const accept = trpc.invitations.accept.useMutation();

  if (invitation.email.trim().toLowerCase() !== email.trim().toLowerCase()) {
    return (
      <Alert
        tone="warning"
        role="status"
        actions={
          <Button variant="secondary" size="sm" onClick={() => void signOut()}>
            {t("auth.signIn.signOut")}
          </Button>
        }
      >
        {t("auth.invited.otherAccount", { invited: invitation.email, email })}
      </Alert>
    );
  }

  const onAccept = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const accepted = await accept.mutateAsync({ invitationToken: token });
      toast.success(t("auth.invited.accepted", { company: invitation.companyName }));
      enter(accepted);
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
      setPending(false);
    }
  };

  return (
    <form onSubmit={onAccept} className="space-y-5">
      <p className="text-sm text-slate-700">{t("auth.invited.signedInAs", { email })}</p>
      <p className="text-sm text-slate-700">
        {invitation.kind === "guest"
          ? t("auth.invited.acceptGuestHint", { company: invitation.companyName, team: invitation.teamName })
          : t("auth.invited.acceptMemberHint", { company: invitation.companyName })}
      </p>
      <SubmitButton
        pending={pending}
        label={t("auth.invited.accept")}
        pendingLabel={t("auth.invited.accepting")}
      />
    </form>
  );
}
