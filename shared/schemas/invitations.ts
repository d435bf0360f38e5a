// Inviting members and guests, and accepting invitations (spec 01 §5, spec 02 §5, §7).

import { z } from "zod";
import { INVITE_MAX_EMAILS, LEGACY_INVITATION_TOKEN_LENGTH } from "../constants";
import { roleFromId } from "../enums";
import { DisplayName, Password } from "./auth";
import { addIssue, emailField, idField, isEmail, listOf, msg, mustBeTrue, sameEmail } from "./common";

/** The invite dialog's addresses: split on line breaks, commas and spaces. */
export function splitEmails(text: string): string[] {
  return text.split(/[\s,]+/).filter((part) => part !== "");
}

/**
 * The e-mail list of an invitation: a textarea string or an array (each item split too). Empty
 * list, more than 100, or a malformed address (the first one is named) are refused; duplicates
 * are dropped case-insensitively.
 */
export const InviteEmails = z
  .union([z.string(), listOf(z.string())], { error: msg("validation.emailsRequired") })
  .transform((value) => (typeof value === "string" ? [value] : value).flatMap(splitEmails))
  .superRefine((emails, ctx) => {
    if (emails.length === 0) {
      addIssue(ctx, msg("validation.emailsRequired"));
    } else if (emails.length > INVITE_MAX_EMAILS) {
      addIssue(ctx, msg("validation.tooManyEmails"), { params: { max: INVITE_MAX_EMAILS } });
    } else {
      const bad = emails.find((email) => !isEmail(email));
      if (bad !== undefined) addIssue(ctx, msg("validation.invalidEmailAddress"), { params: { email: bad } });
    }
  })
  .transform((emails) => emails.filter((email, i) => emails.findIndex((e) => sameEmail(e, email)) === i));

const RoleId = z
  .string({ error: msg("validation.roleRequired") })
  .trim()
  .min(1, { error: msg("validation.roleRequired"), abort: true })
  .refine((id) => roleFromId(id) !== undefined, { error: msg("validation.invalidOption") });

/** inviteUsers(emails, roleId, teamIds). Operator and Readonly must be put in at least one team. */
export const InviteUsersInput = z
  .object({ emails: InviteEmails, roleId: RoleId, teamIds: listOf(idField()).default([]) })
  .superRefine((input, ctx) => {
    const role = roleFromId(input.roleId);
    if ((role === "OPERATOR" || role === "READONLY") && input.teamIds.length === 0) {
      addIssue(ctx, msg("validation.teamRequiredForRole"), { path: ["teamIds"] });
    }
  });
export type InviteUsersInput = z.output<typeof InviteUsersInput>;

export const ResendInvitationInput = z.object({ email: emailField() });
export const DeleteInvitationInput = z.object({ invitationId: idField() });

/** A pending invitation to the signed-in person's own address, accepted after sign-in. */
export const AcceptPendingInvitationInput = z.object({ invitationId: idField() });

export const InvitationTokenInput = z.object({
  invitationToken: z
    .string({ error: msg("errors.INVITATION_NOT_FOUND") })
    .trim()
    .min(1, {
      error: msg("errors.INVITATION_NOT_FOUND"),
    }),
});

/** Links made before invitations were by e-mail address (24 April 2025) have 32 characters. */
export function isLegacyInvitationToken(token: string): boolean {
  return token.trim().length === LEGACY_INVITATION_TOKEN_LENGTH;
}

/**
 * The invited-member sign-up form; the e-mail must be the invited one (compared
 * case-insensitively), else the spec's message naming the invited address.
 */
export function invitedSignupForm(invitedEmail: string) {
  return z
    .object({
      displayName: DisplayName,
      email: emailField(),
      password: Password,
      acceptTos: mustBeTrue(msg("validation.acceptTosRequired")),
    })
    .superRefine((input, ctx) => {
      if (!sameEmail(input.email, invitedEmail)) {
        addIssue(ctx, msg("errors.INVITATION_EMAIL_MISMATCH"), {
          params: { email: invitedEmail },
          path: ["email"],
        });
      }
    });
}

/** POST /auth/signup with an invitation token (member invitation). */
export const InvitedSignupInput = z.object({
  invitationToken: InvitationTokenInput.shape.invitationToken,
  displayName: DisplayName,
  email: emailField(),
  password: Password,
});
export type InvitedSignupInput = z.infer<typeof InvitedSignupInput>;

export const AddTeamGuestInput = z.object({
  teamId: idField(),
  email: emailField({ requiredKey: msg("validation.guestEmailRequired") }),
});
export type AddTeamGuestInput = z.infer<typeof AddTeamGuestInput>;

export const RemoveTeamGuestInput = z.object({ teamId: idField(), teamGuestUserId: idField() });
