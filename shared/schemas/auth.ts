// Sign-up, sign-in, company creation, passwords, multi-factor and account settings (spec 01 §5,
// §7; spec 02 §2 account settings, §5).

import { z } from "zod";
import { MFA_CODE_LENGTH, PASSWORD_MIN_LENGTH } from "../constants";
import { LANGUAGES } from "../enums";
import { emailField, enumField, msg, mustBeTrue, requiredString } from "./common";

/** Spec 01 §5: at least 10 characters with a lowercase letter, an uppercase letter and a digit. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value)
  );
}

export const Email = emailField();

/** A new password. Not trimmed: spaces are characters the user chose. */
export const Password = z
  .string({ error: msg("validation.required") })
  .min(1, { error: msg("validation.required"), abort: true })
  .max(200, { error: msg("validation.tooLong") })
  .refine(isStrongPassword, { error: msg("validation.passwordRule") });

/** An existing password is only required: older accounts may predate the rule. */
const ExistingPassword = z
  .string({ error: msg("validation.required") })
  .min(1, { error: msg("validation.required"), abort: true })
  .max(200, { error: msg("validation.tooLong") });

export const DisplayName = requiredString({ max: 100 });

/** POST /auth/signup. */
export const SignupInput = z.object({
  displayName: DisplayName,
  email: Email,
  password: Password,
  /** A member or guest invitation link's token: the account joins what it was invited to. */
  invitationToken: z.string().trim().min(1).max(200).optional(),
  /**
   * The company typed on the sign-up form, kept with the account and created after the e-mail is
   * verified (on whichever device the link is opened). Ignored with an invitation.
   */
  companyName: z
    .string()
    .trim()
    .max(200, { error: msg("validation.tooLong") })
    .optional(),
  companyTel: z
    .string()
    .trim()
    .max(50, { error: msg("validation.tooLong") })
    .optional(),
});
export type SignupInput = z.infer<typeof SignupInput>;

export const CreateCompanyInput = z.object({
  companyName: requiredString({ max: 200 }),
  companyTel: requiredString({ max: 50 }),
});
export type CreateCompanyInput = z.infer<typeof CreateCompanyInput>;

/** The sign-up screen: the account, the company and the accepted terms in one form. */
export const SignupForm = z.object({
  ...SignupInput.shape,
  ...CreateCompanyInput.shape,
  acceptTos: mustBeTrue(msg("validation.acceptTosRequired")),
  invitationToken: z.string().trim().optional(),
});
export type SignupForm = z.infer<typeof SignupForm>;

/** POST /auth/signin. */
export const SigninInput = z.object({ email: Email, password: ExistingPassword });
export type SigninInput = z.infer<typeof SigninInput>;

export const SigninWithGoogleInput = z.object({
  googleAccessToken: requiredString({ max: 4096 }),
  invitedEmail: z.string().trim().optional(),
});
export const SigninWithFirebaseTokenInput = z.object({ firebaseToken: requiredString({ max: 8192 }) });

export const SendPasswordResetEmailInput = z.object({ email: Email });

export const TokenInput = z.object({ token: requiredString({ max: 512 }) });

/** POST /auth/reset_password. */
export const ResetPasswordInput = z.object({ token: requiredString({ max: 512 }), newPassword: Password });

/** The reset screen reached with a token: new password and retype. */
export const ResetPasswordForm = z
  .object({ newPassword: Password, confirmPassword: ExistingPassword })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: msg("validation.passwordsDoNotMatch"),
    path: ["confirmPassword"],
  });

/** POST /auth/reset_password_with_current_password. */
export const ChangePasswordInput = z.object({ currentPassword: ExistingPassword, newPassword: Password });

/** Account settings: all three fields required, confirmation must match. */
export const ChangePasswordForm = z
  .object({ currentPassword: ExistingPassword, newPassword: Password, confirmPassword: ExistingPassword })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: msg("validation.passwordsDoNotMatch"),
    path: ["confirmPassword"],
  });

/** Exactly six digits; spaces a user types between digit groups are dropped. */
export const MfaCode = z
  .string({ error: msg("validation.required") })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, { error: msg("validation.required"), abort: true })
      .regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`), { error: msg("validation.mfaCode") }),
  );

/** POST /auth/enable_multi_factor_authentication and /auth/verify_multi_factor_authentication. */
export const TotpInput = z.object({ totpCode: MfaCode });

/** POST /auth/multi_factor_setup: the current password, unless the session signed in moments ago. */
export const MfaSetupInput = z.object({ currentPassword: ExistingPassword.optional() });
export type MfaSetupInput = z.infer<typeof MfaSetupInput>;

/** Turning MFA on or off: the code, and the current password unless the session signed in moments ago. */
export const MfaChangeInput = z.object({ totpCode: MfaCode, currentPassword: ExistingPassword.optional() });
export type MfaChangeInput = z.infer<typeof MfaChangeInput>;

/** The console's password prompt before multi-factor set-up. */
export const CurrentPasswordForm = z.object({ currentPassword: ExistingPassword });

export const UpdateAccountInput = z.object({
  nickname: requiredString({ max: 100 }).optional(),
  language: enumField(LANGUAGES).optional(),
});
export type UpdateAccountInput = z.infer<typeof UpdateAccountInput>;

export const DeleteAccountForm = z.object({ confirmed: mustBeTrue(msg("validation.checkTheAbove")) });
