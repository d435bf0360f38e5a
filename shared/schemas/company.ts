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
