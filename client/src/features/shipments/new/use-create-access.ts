import type { Plan, Role } from "../../../../../shared/enums";
import { can } from "../../../../../shared/permissions";
import { useSelectedTeam } from "../../../lib/selected-team";
import { useViewerQuery } from "../../../lib/session";

export type CreateDenial = "teamKind" | "role" | "churn" | "notApproved";

export type CreateAccess =
  | { state: "loading" }
  | { state: "failed"; error: unknown; retry: () => void }
  | { state: "denied"; reason: CreateDenial }
  | {
      state: "ok";
      teamId: string;
      teamName: string;
      plan: Plan;
      role: Role;
      /** The viewer's own teams, for the CSV team choice. */
      teams: { id: string; name: string }[];
    };

/**
 * Whether the viewer may add shipments here, decided as the server does (spec 01 §2, §4, §6): a
 * normal team (not headquarters, not a guest team), a role with "shipment.create", an approved
 * company that is not in CHURN. The page only hides; shipments.create enforces.
 */
export function useCreateAccess(): CreateAccess {
  const team = useSelectedTeam();
  const viewer = useViewerQuery();
  if (viewer.isError) return { state: "failed", error: viewer.error, retry: () => void viewer.refetch() };
  if (!viewer.data || (team.teamId === null && team.offer === undefined)) return { state: "loading" };
  const { role, company } = viewer.data;
  if (team.kind !== "team" || team.teamId === null) return { state: "denied", reason: "teamKind" };
  if (!role || !company || !can(role, "shipment.create")) return { state: "denied", reason: "role" };
  if (!company.isApproved) return { state: "denied", reason: "notApproved" };
  if (company.contractStatus === "CHURN") return { state: "denied", reason: "churn" };
  return {
    state: "ok",
    teamId: team.teamId,
    teamName: team.name ?? "",
    plan: company.plan,
    role,
    teams: team.offer?.teams ?? [],
  };
}
