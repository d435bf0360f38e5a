import type { Team } from "../../db/schema";

// What the teams procedures answer, field by field (DESIGN rule 11): a column added to the table
// (a secret, an internal flag) reaches no client until it is named here. The port-community
// credentials are never named.

const iso = (value: Date) => value.toISOString();

/** A team's settings as the team page shows them. */
export function toTeamSettings(team: Team) {
  return {
    id: team.id,
    name: team.name,
    color: team.color,
    isArchived: team.isArchived,
    daysToArchiveAfterDelivery: team.daysToArchiveAfterDelivery,
    enableInitialEtd: team.enableInitialEtd,
    enableRequestedEtd: team.enableRequestedEtd,
    enableInitialEta: team.enableInitialEta,
    enableRequestedEta: team.enableRequestedEta,
    customField1Name: team.customField1Name,
    customField2Name: team.customField2Name,
    customField3Name: team.customField3Name,
    customField1Enabled: team.customField1Enabled,
    customField2Enabled: team.customField2Enabled,
    customField3Enabled: team.customField3Enabled,
    // The five credentials are sealed at rest and never answered (the cyberport.state procedure
    // says which are set).
    hasCyberportCredentials: team.cyberportLoginUsername !== null,
    createdAt: iso(team.createdAt),
    updatedAt: iso(team.updatedAt),
  };
}
export type TeamSettingsView = ReturnType<typeof toTeamSettings>;

export function toTeamListItem(row: {
  id: string;
  name: string;
  color: string;
  createdAt: Date;
  memberCount: number;
  joined: boolean;
}) {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    createdAt: iso(row.createdAt),
    memberCount: Number(row.memberCount),
    joined: Boolean(row.joined),
  };
}

export function toTeamMember(row: { id: string; nickname: string; email: string; joinedAt: Date }) {
  return { id: row.id, nickname: row.nickname, email: row.email, joinedAt: iso(row.joinedAt) };
}

export function toTeamGuest(row: { id: string; email: string; createdAt: Date; teamId: string }) {
  return { id: row.id, email: row.email, createdAt: iso(row.createdAt), teamId: row.teamId };
}

export function toArchivedTeam(row: { id: string; name: string; updatedAt: Date }) {
  return { id: row.id, name: row.name, updatedAt: iso(row.updatedAt) };
}
