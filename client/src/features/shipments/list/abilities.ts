import type { Plan, Role } from "../../../../../shared/enums";
import { type Action, can, type PlanFeature, planAllows } from "../../../../../shared/permissions";

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

function gated(role: Role, plan: Plan | undefined, action: Action, feature: PlanFeature): Gated {
  if (!can(role, action)) return "hidden";
  return plan && planAllows(plan, feature) ? "allowed" : "upgrade";
}

export function listAbilities(role: Role | null | undefined, plan: Plan | undefined): ListAbilities {
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
    subscribe: can(role, "shipment.subscribe"),
    archive: can(role, "shipment.archive"),
    delete: can(role, "shipment.delete"),
    edit: can(role, "shipment.edit"),
    move: gated(role, plan, "shipment.reassignTeam", "shipment.reassignTeam"),
    csvExport: gated(role, plan, "shipment.csvExport", "shipment.csvExport"),
    canUpgrade: can(role, "company.upgrade"),
  };
}
