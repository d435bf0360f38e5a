import { INVITE_MAX_EMAILS } from "../../../../shared/constants";
import { roleFromId } from "../../../../shared/enums";
import { addIssue, InviteUsersInput, msg } from "../../../../shared/schemas";

export { INVITE_MAX_EMAILS };

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/**
 * The invite dialog's schema: the shared InviteUsersInput (the spec's messages), plus the company's
 * allowed domains so an address the server would refuse is named under the field before sending.
 */
export function inviteFormSchema(allowedDomains: readonly string[]) {
  const allowed = allowedDomains.map((d) => d.toLowerCase());
  return InviteUsersInput.superRefine((input, ctx) => {
    if (allowed.length === 0) return;
    const bad = input.emails.find((email) => !allowed.includes(domainOf(email)));
    if (bad !== undefined) {
      addIssue(ctx, msg("errors.INVITATION_DOMAIN_NOT_ALLOWED"), {
        params: { email: bad, domains: allowed.join(", ") },
        path: ["emails"],
      });
    }
  });
}

/** Operators and Readonly members must be put in at least one team (spec 02 §5). */
export function roleNeedsTeam(roleId: string): boolean {
  const role = roleFromId(roleId);
  return role === "OPERATOR" || role === "READONLY";
}
