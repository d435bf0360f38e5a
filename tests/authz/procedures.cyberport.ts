import { action, type ProcedureCase } from "./procedures.types";

const onTeamA = (w: { teams: { A: { id: string } } }) => ({ teamId: w.teams.A.id });

/** The port-community panel's procedures (spec 02 §2, §6, §7) for the authorization matrix. */
export const CYBERPORT_PROCEDURES: Record<string, ProcedureCase> = {
  "cyberport.state": { rule: action("team.view"), input: onTeamA },
  "cyberport.saveCredentials": {
    rule: action("team.manage"),
    input: (w) => ({
      teamId: w.teams.A.id,
      input: { cyberportLoginUsername: "matrix-user", cyberportLoginPassword: "matrix-password" },
    }),
  },
  "cyberport.clearCredentials": { rule: action("team.manage"), input: onTeamA },
  "cyberport.setEnabled": {
    rule: action("cyberport.enable"),
    input: (w) => ({ teamId: w.teams.A.id, enabled: true }),
  },
  "cyberport.triggerImport": {
    rule: action("team.manage"),
    input: onTeamA,
    // The world's teams have the integration switched off.
    domainRefusal: "CYBERPORT_NOT_ENABLED",
  },
};
