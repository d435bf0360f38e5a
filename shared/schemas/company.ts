// Company settings, members' roles and API settings (spec 02 §2, §7).

import { z } from "zod";
import { roleFromId } from "../enums";
import { booleanField, idField, msg } from "./common";

export const UpdateCompanySettingsInput = z.object({
  allowTrackingNumDuplication: booleanField().optional(),
  isHeadquarterEnabled: booleanField().optional(),
});
export type UpdateCompanySettingsInput = z.infer<typeof UpdateCompanySettingsInput>;

export const UserIdInput = z.object({ userId: idField() });

export const UpdateUserRoleInput = z.object({
  userId: idField(),
  input: z.object({
    roleId: z
      .string({ error: msg("validation.roleRequired") })
      .refine((id) => roleFromId(id) !== undefined, { error: msg("validation.roleRequired") }),
  }),
});
export type UpdateUserRoleInput = z.infer<typeof UpdateUserRoleInput>;

/** An http(s) address the webhook is posted to; empty clears it. */
export const WebhookUrl = z
  .string({ error: msg("validation.invalidUrl") })
  .trim()
  .max(2000, { error: msg("validation.tooLong") })
  .refine(
    (value) => {
      if (value === "") return true;
      try {
        const url = new URL(value);
        return url.protocol === "https:" || url.protocol === "http:";
      } catch {
        return false;
      }
    },
    { error: msg("validation.invalidUrl") },
  );

export const UpdateWebhookInput = z.object({ input: z.object({ webhookUrl: WebhookUrl }) });

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

/**
 * Extra e-mail domains invitations may go to, besides the company's work e-mail domain: one per
 * line, comma or space; lower-cased, "@" stripped, duplicates dropped; at most 20.
 */
export const UpdateInvitationDomainsInput = z.object({
  domains: z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(/[\s,]+/))
        .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
        .filter(Boolean),
    )
    .transform((list) => [...new Set(list)])
    .pipe(
      z
        .array(z.string().regex(DOMAIN_PATTERN, { error: msg("validation.invalidDomain") }))
        .max(20, { error: msg("validation.tooManyDomains") }),
    ),
});
export type UpdateInvitationDomainsInput = z.output<typeof UpdateInvitationDomainsInput>;
