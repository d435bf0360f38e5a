import { PLANS, type Plan } from "../../../../shared/enums";
import { ACTION_PLAN_GATES, type Action, PLAN_FEATURES } from "../../../../shared/permissions";

// The Role permissions page reads the shared matrix itself (spec 02 §6); this file only orders
// its actions into groups a person scans, and names the plan condition of the gated ones.

export type ActionGroup = "everyone" | "shipments" | "files" | "teams" | "members" | "company";

export const ACTION_GROUPS: readonly { group: ActionGroup; actions: readonly Action[] }[] = [
  { group: "everyone", actions: ["notifications.configureOwn", "account.manageOwn", "roles.view"] },
  {
    group: "shipments",
    actions: [
      "shipment.view",
      "shipment.subscribe",
      "shipment.favorite",
      "shipment.create",
      "shipment.edit",
      "shipment.archive",
      "shipment.comment",
      "shipment.refresh",
      "shipment.delete",
      "shipment.csvDownload",
      "shipment.csvExport",
      "csv.teamSelection",
      "shipment.reassignTeam",
      "headquarters.view",
    ],
  },
  {
    group: "files",
    actions: ["attachment.download", "attachment.upload", "attachment.delete", "attachment.share"],
  },
  {
    group: "teams",
    actions: [
      "team.view",
      "team.join",
      "team.leave",
      "team.manage",
      "team.addMember",
      "team.removeMember",
      "team.create",
      "calendarFeed.team",
    ],
  },
  { group: "members", actions: ["companyPage.view", "user.invite", "user.delete", "user.changeRole"] },
  {
    group: "company",
    actions: [
      "company.settings",
      "company.upgrade",
      "company.billing",
      "company.cancelTrial",
      "company.delete",
      "apiSettings.view",
      "apiSettings.manage",
      "cyberport.enable",
    ],
  },
];

export type PlanGate = "premium" | "paid" | "freeOnly";

function sameSet(a: readonly Plan[], b: readonly Plan[]): boolean {
  return a.length === b.length && a.every((plan) => b.includes(plan));
}

/** How the plan condition of an action reads: Premium (and Enterprise), any paid plan, or Free only. */
export function planGateOf(action: Action): PlanGate | undefined {
  const gate = ACTION_PLAN_GATES[action];
  if (!gate) return undefined;
  const plans: readonly Plan[] = PLAN_FEATURES[gate.feature];
  if (sameSet(plans, ["PREMIUM", "ENTERPRISE"])) return "premium";
  if (sameSet(plans, ["FREE"])) return "freeOnly";
  if (
    sameSet(
      plans,
      PLANS.filter((p) => p !== "FREE"),
    )
  )
    return "paid";
  // A gate with another plan set needs its own wording; the page then shows the Premium mark.
  return "premium";
}

/** The i18n key of an action's label: "shipment.create" → "roles.actions.shipment.create". */
export function actionLabelKey(action: Action): string {
  return `roles.actions.${action}`;
}
