// Teams, team settings, custom fields, members and the port-community credentials (spec 02 §2,
// §3, §5, §7).

import { z } from "zod";
import { DEFAULT_TEAM_NAME, MIN_DAYS_TO_ARCHIVE_AFTER_DELIVERY } from "../constants";
import { addIssue, booleanField, idField, msg, numberField, optionalText, requiredString } from "./common";

export { DEFAULT_TEAM_NAME };

export const TeamName = requiredString({ max: 100 });

export const CreateTeamInput = z.object({ name: TeamName });
export type CreateTeamInput = z.infer<typeof CreateTeamInput>;

export const TeamIdInput = z.object({ teamId: idField() });

export const RenameTeamInput = z.object({ teamId: idField(), input: z.object({ name: TeamName }) });
export type RenameTeamInput = z.infer<typeof RenameTeamInput>;

/** joinTeam, leaveTeam, addUserToTeam, deleteUserFromTeam. */
export const TeamMemberInput = z.object({ userId: idField(), teamId: idField() });
export type TeamMemberInput = z.infer<typeof TeamMemberInput>;

export const DaysToArchiveAfterDelivery = numberField({
  min: MIN_DAYS_TO_ARCHIVE_AFTER_DELIVERY,
  minKey: msg("validation.daysToArchiveMin"),
});

/** The team page's basic settings form. */
export const TeamBasicSettings = z.object({
  name: TeamName,
  daysToArchiveAfterDelivery: DaysToArchiveAfterDelivery,
  enableInitialEtd: booleanField(),
  enableRequestedEtd: booleanField(),
  enableInitialEta: booleanField(),
  enableRequestedEta: booleanField(),
});
export type TeamBasicSettings = z.output<typeof TeamBasicSettings>;

export const UpdateTeamSettingsInput = z.object({ teamId: idField(), input: TeamBasicSettings.partial() });
export type UpdateTeamSettingsInput = z.output<typeof UpdateTeamSettingsInput>;

const CUSTOM_FIELD_NUMBERS = [1, 2, 3] as const;

/** Custom field settings: a field that is switched on needs a name to show as its column title. */
export const CustomFieldSettings = z
  .object({
    customField1Name: optionalText(50),
    customField2Name: optionalText(50),
    customField3Name: optionalText(50),
    customField1Enabled: booleanField(),
    customField2Enabled: booleanField(),
    customField3Enabled: booleanField(),
  })
  .superRefine((input, ctx) => {
    for (const n of CUSTOM_FIELD_NUMBERS) {
      const name = input[`customField${n}Name`];
      if (input[`customField${n}Enabled`] && (name ?? "") === "") {
        addIssue(ctx, msg("validation.required"), { path: [`customField${n}Name`] });
      }
    }
  });
export type CustomFieldSettings = z.output<typeof CustomFieldSettings>;

export const UpdateCustomFieldSettingsInput = z.object({ teamId: idField(), input: CustomFieldSettings });

/** Port-community (Cyberport) login and app credentials of a team. */
export const CyberportCredentials = z.object({
  cyberportLoginUsername: requiredString({ max: 200 }),
  cyberportLoginPassword: requiredString({ max: 200 }),
  cyberportAppId: requiredString({ max: 200 }),
  cyberportClientId: requiredString({ max: 200 }),
  cyberportClientSecret: requiredString({ max: 500 }),
});

export const RegisterCyberportInput = z.object({ teamId: idField(), input: CyberportCredentials });
