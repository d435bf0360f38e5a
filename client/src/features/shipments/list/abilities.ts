import type { Plan, Role } from "../../../../../shared/enums";
import {
  type Action,
  type CompanyStandingGate,
  can,
  type PlanFeature,
  planAllows,
  standingDenial,
} from "../../../../../shared/permissions";

/** A plan-gated action: offered, shown with the Premium badge (upsell), or not shown at all. */
export type Gated = "allowed" | "upgrade" | "hidden";

/** What the list offers the viewer; the server enforces the same matrix on every call. */
export interface ListAbilities {
  subscribe: boolean;
  archive: boolean;
  delete: boolean;
  edit: boolean;
  move: Gated;
  csvExport: Gated;
  /** Admins are sent to the plans page by the Premium badge; others are told to ask one. */
  canUpgrade: boolean;
}

/**
 * The list offers what the role and the company's standing allow: a churned company's list is
 * read-only (shared/permissions STANDING_GATES).
 */
export function listAbilities(
  role: Role | null | undefined,
  plan: Plan | undefined,
  standing?: CompanyStandingGate,
): ListAbilities {
  const may = (r: Role, action: Action) => can(r, action) && (!standing || !standingDenial(standing, action));
  const gated = (r: Role, action: Action, feature: PlanFeature): Gated => {
    if (!may(r, action)) return "hidden";
    return plan && planAllows(plan, feature) ? "allowed" : "upgrade";
  };
  if (!role) {
    return {
      subscribe: false,
      archive: false,
      delete: false,
      edit: false,
      move: "hidden",
      csvExport: "hidden",
      canUpgrade: false,
    };
  }
  return {
    subscribe: may(role, "shipment.subscribe"),
    archive: may(role, "shipment.archive"),
    delete: may(role, "shipment.delete"),
    edit: may(role, "shipment.edit"),
    move: gated(role, "shipment.reassignTeam", "shipment.reassignTeam"),
    csvExport: gated(role, "shipment.csvExport", "shipment.csvExport"),
    canUpgrade: can(role, "company.upgrade"),
  };
}
