// Port-community (Cyberport) integration of a team (spec 02 §2, §3, §7). The five credentials are
// write-only: a blank field keeps the value already stored, so the form never needs the secrets back.

import { z } from "zod";
import { booleanField, hasControlCharacters, idField, msg } from "./common";

/** The contract names of spec 02 §3, in the order the panel shows them. */
export const CYBERPORT_CREDENTIAL_FIELDS = [
  "cyberportLoginUsername",
  "cyberportLoginPassword",
  "cyberportAppId",
  "cyberportClientId",
  "cyberportClientSecret",
] as const;
export type CyberportCredentialField = (typeof CYBERPORT_CREDENTIAL_FIELDS)[number];

/** The fields the panel types as passwords: their values are secrets, the others identifiers. */
export const CYBERPORT_SECRET_FIELDS: readonly CyberportCredentialField[] = [
  "cyberportLoginPassword",
  "cyberportClientSecret",
];

/**
 * Blank (or absent) keeps what is stored. Not trimmed: a password may begin or end with a space,
 * and what the port-community system checks is exactly what was typed.
 */
const credential = (max: number) =>
  z
    .string({ error: msg("validation.invalid") })
    .max(max, { error: msg("validation.tooLong") })
    .refine((v) => !hasControlCharacters(v), { error: msg("validation.controlCharacters") })
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === "" ? null : v));

export const CyberportCredentialsUpdate = z.object({
  cyberportLoginUsername: credential(200),
  cyberportLoginPassword: credential(200),
  cyberportAppId: credential(200),
  cyberportClientId: credential(200),
  cyberportClientSecret: credential(500),
});
export type CyberportCredentialsUpdate = z.output<typeof CyberportCredentialsUpdate>;

export const SaveCyberportCredentialsInput = z.object({
  teamId: idField(),
  input: CyberportCredentialsUpdate,
});

export const CyberportTeamInput = z.object({ teamId: idField() });

export const SetCyberportEnabledInput = z.object({ teamId: idField(), enabled: booleanField() });

export const CYBERPORT_IMPORT_STATUSES = ["QUEUED", "RUNNING", "SUCCEEDED", "FAILED"] as const;
export type CyberportImportStatus = (typeof CYBERPORT_IMPORT_STATUSES)[number];
