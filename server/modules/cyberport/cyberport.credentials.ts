import type { CyberportCredentialField, CyberportCredentialsUpdate } from "../../../shared/schemas/cyberport";
import type { SecretBox } from "../../core/secret-box";
import type { Team } from "../../db/schema";
import type { CyberportCredentials } from "./cyberport.adapter";

// The five credentials live sealed in the team row (server/core/secret-box): a database dump alone
// reveals none of them, and no answer ever carries them back, sealed or not.

const FIELD_OF: Record<CyberportCredentialField, keyof CyberportCredentials> = {
  cyberportLoginUsername: "loginUsername",
  cyberportLoginPassword: "loginPassword",
  cyberportAppId: "appId",
  cyberportClientId: "clientId",
  cyberportClientSecret: "clientSecret",
};
const COLUMNS = Object.keys(FIELD_OF) as CyberportCredentialField[];

export type CredentialsSet = Record<keyof CyberportCredentials, boolean>;

/** Which credentials are stored, never what they are. */
export function credentialsSet(team: Pick<Team, CyberportCredentialField>): CredentialsSet {
  return Object.fromEntries(COLUMNS.map((c) => [FIELD_OF[c], team[c] !== null])) as CredentialsSet;
}

export const credentialsComplete = (set: CredentialsSet) => Object.values(set).every(Boolean);

/** The columns to write: each value given, sealed; a blank one is left out and keeps what is stored. */
export function sealedUpdate(
  input: CyberportCredentialsUpdate,
  box: SecretBox,
): Partial<Record<CyberportCredentialField, string>> {
  const update: Partial<Record<CyberportCredentialField, string>> = {};
  for (const column of COLUMNS) {
    const value = input[column];
    if (value !== null) update[column] = box.seal(value);
  }
  return update;
}

export const clearedCredentials: Record<CyberportCredentialField, null> = Object.fromEntries(
  COLUMNS.map((c) => [c, null]),
) as Record<CyberportCredentialField, null>;

/**
 * The clear credentials for a request to the port-community system, or null when one is missing
 * or cannot be opened (sealed under a SECRETS_KEY this deployment no longer has): to be entered again.
 */
export function openCredentials(
  team: Pick<Team, CyberportCredentialField>,
  box: SecretBox,
): CyberportCredentials | null {
  const out: Partial<CyberportCredentials> = {};
  for (const column of COLUMNS) {
    const sealed = team[column];
    if (sealed === null) return null;
    try {
      out[FIELD_OF[column]] = box.open(sealed);
    } catch {
      return null;
    }
  }
  return out as CyberportCredentials;
}
