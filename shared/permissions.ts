// The permission matrix of spec 02 §6 (and spec 01 §6) as data. Services call `authorizeDecision`
// first; the console hides what `can`/`planAllows` refuse. A test enumerates every procedure
// against ACTIONS, so every action a procedure can perform must be listed here.

import type { Plan, Role } from "./enums";
import { PLANS } from "./enums";

type Row = Readonly<Record<Role, boolean>>;

const ALL: Row = { ADMIN: true, MANAGER: true, OPERATOR: true, READONLY: true };
const WRITERS: Row = { ADMIN: true, MANAGER: true, OPERATOR: true, READONLY: false };
const MANAGERS: Row = { ADMIN: true, MANAGER: true, OPERATOR: false, READONLY: false };
const ADMIN_ONLY: Row = { ADMIN: true, MANAGER: false, OPERATOR: false, READONLY: false };

/**
 * Role × action. The spec describes Manager and Operator rights "as Premium only" without saying
 * what they are elsewhere, so the same rights apply on every plan; plan limits are PLAN_GATES.
 */
export const PERMISSIONS = {
  // Spec row: view and configure own notifications. Viewing is implied for every member.
  "notifications.configureOwn": ALL,
  "account.manageOwn": ALL,
  "shipment.view": ALL,
  // Subscribing and favoriting only change the viewer's own notifications and display.
  "shipment.subscribe": ALL,
  "shipment.favorite": ALL,
  "attachment.download": ALL,
  "team.view": ALL,
  // Onboarding offers Join to every signed-in member; Leave shows whenever they have 2+ teams. The
  // teams service lets only Admins and people with no team yet join by themselves (decision 0054).
  "team.join": ALL,
  "team.leave": ALL,
  "roles.view": ALL,
  // Spec row: add, edit, archive shipments. Comments, refresh and attachments are edits of the
  // shipment's collaboration data, which Readonly ("view ... only") may not make.
  "shipment.create": WRITERS,
  "shipment.edit": WRITERS,
  "shipment.archive": WRITERS,
  "shipment.comment": WRITERS,
  "shipment.refresh": WRITERS,
  "attachment.upload": WRITERS,
  "attachment.delete": WRITERS,
  "attachment.share": WRITERS,
  "shipment.delete": MANAGERS,
  "shipment.csvDownload": WRITERS,
  // CSV export is the Premium-gated form of the download; its role rights follow the download row.
  "shipment.csvExport": WRITERS,
  "headquarters.view": MANAGERS,
  "csv.teamSelection": MANAGERS,
  "shipment.reassignTeam": MANAGERS,
  "team.manage": MANAGERS,
  "team.addMember": MANAGERS,
  "team.removeMember": MANAGERS,
  "team.create": ADMIN_ONLY,
  "user.invite": ADMIN_ONLY,
  "user.delete": ADMIN_ONLY,
  "user.changeRole": ADMIN_ONLY,
  "apiSettings.view": ADMIN_ONLY,
  "apiSettings.manage": ADMIN_ONLY,
  "cyberport.enable": ADMIN_ONLY,
  "company.settings": ADMIN_ONLY,
  "company.delete": ADMIN_ONLY,
  "company.upgrade": ADMIN_ONLY,
  "company.billing": ADMIN_ONLY,
  // Approval Required's Cancel Trial: withdraws a company the provider has not approved yet.
  "company.cancelTrial": ADMIN_ONLY,
  "companyPage.view": MANAGERS,
  // A calendar feed of a whole team (rather than of one's own subscriptions): a team-wide view like
  // the headquarters one, for the roles that oversee teams.
  "calendarFeed.team": MANAGERS,
} as const satisfies Record<string, Row>;

export type Action = keyof typeof PERMISSIONS;

export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

export function isAction(value: unknown): value is Action {
  return typeof value === "string" && Object.hasOwn(PERMISSIONS, value);
}

export function can(role: Role, action: Action): boolean {
  return PERMISSIONS[action][role];
}

const PREMIUM_UP: readonly Plan[] = ["PREMIUM", "ENTERPRISE"];

/** Plan-dependent features. Some are actions; the rest are checked inside a service or form. */
export const PLAN_FEATURES = {
  "headquarters.view": PREMIUM_UP,
  /** The company setting isHeadquarterEnabled may be switched on. */
  "headquarters.toggle": PREMIUM_UP,
  "shipment.csvExport": PREMIUM_UP,
  "csv.teamSelection": PREMIUM_UP,
  "shipment.reassignTeam": PREMIUM_UP,
  /** Custom field settings of a team. */
  customFields: PREMIUM_UP,
  /** Custom-field CSV samples and columns: spec 01 §2 and §5 refuse only STARTER and STANDARD. */
  "customFields.csv": ["FREE", "PREMIUM", "ENTERPRISE"],
  "company.delete": ["FREE"],
  /** Applying for and using the API; approval by the provider is checked separately. */
  api: PLANS.filter((p) => p !== "FREE"),
} as const satisfies Record<string, readonly Plan[]>;

export type PlanFeature = keyof typeof PLAN_FEATURES;

export const PLAN_FEATURE_NAMES = Object.keys(PLAN_FEATURES) as PlanFeature[];

export function planAllows(plan: Plan, feature: PlanFeature): boolean {
  return (PLAN_FEATURES[feature] as readonly Plan[]).includes(plan);
}

/** Denial codes are error codes of shared/errors.ts. */
export type DenialCode =
  | "PERMISSION_DENIED"
  | "UPGRADE_REQUIRED"
  | "COMPANY_DELETE_FREE_ONLY"
  | "COMPANY_NOT_APPROVED"
  | "TRIAL_ENDED"
  | "CONTRACT_ENDED";

/** The company's state that decides whether it may use the product at all (spec 01 §4's gates). */
export interface CompanyStandingGate {
  /** The provider approved the company (approvalState APPROVED). */
  isApproved: boolean;
  /** A contract covers now or starts later, or churned (shared/plan-standing's canAccessConsole). */
  canAccessConsole: boolean;
  /** A paid contract ended with nothing after it (shared/plan-standing's churned): read-only. */
  isChurned: boolean;
}

/**
 * What a company still does while the console shows it a gate screen; every other action is
 * refused on the server with the gate's code, whatever the surface. Reading the viewer and the team
 * switcher, and one's own account (REST /auth, account.*), are not company actions and stay open.
 * Trial Period Ended comes first, as in the console's gate order; the churned company's read-only
 * console comes last (it is inside the console, behind the approval gate).
 */
export const STANDING_GATES = [
  {
    /** No contract covers now or later: the company reads its state and may still upgrade (spec 02 §2). */
    applies: (company: CompanyStandingGate) => !company.canAccessConsole,
    code: "TRIAL_ENDED",
    allowed: [
      "account.manageOwn",
      "companyPage.view",
      "company.cancelTrial",
      "company.billing",
      "company.upgrade",
    ],
  },
  {
    /** Not approved (pending or rejected): Approval Required with Cancel Trial, nothing else. */
    applies: (company: CompanyStandingGate) => !company.isApproved,
    code: "COMPANY_NOT_APPROVED",
    allowed: ["account.manageOwn", "companyPage.view", "company.cancelTrial"],
  },
  {
    /**
     * A paid contract ended with nothing after it (spec 01 §4 CHURN): the company still reads what
     * it has (shipments, files, CSV download, its settings) and may choose a plan again, but adds and
     * changes nothing, refreshes nothing and subscribes to no e-mail it would not get
     * (docs/decisions/0012-churned-console.md).
     */
    applies: (company: CompanyStandingGate) => company.isChurned,
    code: "CONTRACT_ENDED",
    allowed: [
      "notifications.configureOwn",
      "account.manageOwn",
      "shipment.view",
      "shipment.favorite",
      "attachment.download",
      "team.view",
      "roles.view",
      "shipment.csvDownload",
      "shipment.csvExport",
      "headquarters.view",
      "apiSettings.view",
      "calendarFeed.team",
      "companyPage.view",
      "company.billing",
      "company.upgrade",
    ],
  },
] as const satisfies readonly {
  applies: (company: CompanyStandingGate) => boolean;
  code: DenialCode;
  allowed: readonly Action[];
}[];

/** The gate flags of a company from its approval and its standing (shared/plan-standing). */
export function companyStandingGate(
  isApproved: boolean,
  standing: { canAccessConsole: boolean; churned: boolean },
): CompanyStandingGate {
  return { isApproved, canAccessConsole: standing.canAccessConsole, isChurned: standing.churned };
}

/** The first gate screen that refuses `action` for this company, if any. */
export function standingDenial(company: CompanyStandingGate, action: Action): DenialCode | null {
  for (const gate of STANDING_GATES) {
    if (gate.applies(company) && !(gate.allowed as readonly Action[]).includes(action)) return gate.code;
  }
  return null;
}

/**
 * Actions whose plan gate is checked by `authorizeDecision`. Deleting the company is refused on paid
 * plans with its own message, since upgrading would not help.
 */
export const ACTION_PLAN_GATES: Partial<Record<Action, { feature: PlanFeature; code: DenialCode }>> = {
  "headquarters.view": { feature: "headquarters.view", code: "UPGRADE_REQUIRED" },
  "shipment.csvExport": { feature: "shipment.csvExport", code: "UPGRADE_REQUIRED" },
  "csv.teamSelection": { feature: "csv.teamSelection", code: "UPGRADE_REQUIRED" },
  "shipment.reassignTeam": { feature: "shipment.reassignTeam", code: "UPGRADE_REQUIRED" },
  "apiSettings.manage": { feature: "api", code: "UPGRADE_REQUIRED" },
  "company.delete": { feature: "company.delete", code: "COMPANY_DELETE_FREE_ONLY" },
};

export type Decision = { ok: true } | { ok: false; code: DenialCode };

/**
 * Role first (a Readonly user on Premium is denied, not asked to upgrade), then the company's
 * approval and contract (when given), then the plan.
 */
export function authorizeDecision(input: {
  role: Role;
  plan: Plan;
  action: Action;
  company?: CompanyStandingGate;
}): Decision {
  if (!can(input.role, input.action)) return { ok: false, code: "PERMISSION_DENIED" };
  const denial = input.company ? standingDenial(input.company, input.action) : null;
  if (denial) return { ok: false, code: denial };
  const gate = ACTION_PLAN_GATES[input.action];
  if (gate && !planAllows(input.plan, gate.feature)) return { ok: false, code: gate.code };
  return { ok: true };
}

/**
 * What a guest (invited to a team of another company, or signed in on a share link) may do. Guests
 * never get a company Action: in particular they cannot edit shipment fields.
 */
export const GUEST_ACTIONS = [
  "guest.viewSharedShipment",
  "guest.listSharedShipments",
  "guest.uploadAttachment",
  "guest.downloadSharedAttachment",
  "guest.deleteOwnAttachment",
] as const;

export type GuestAction = (typeof GUEST_ACTIONS)[number];

export function guestCan(action: Action | GuestAction): boolean {
  return (GUEST_ACTIONS as readonly string[]).includes(action);
}

/** A guest downloads only attachments shared with their e-mail (LIMITED_SHARING). */
export function guestMayDownload(
  attachment: {
    visibilityScope: "INTERNAL_ONLY" | "LIMITED_SHARING";
    shareList: readonly { email: string }[];
  },
  guestEmail: string,
): boolean {
  if (attachment.visibilityScope !== "LIMITED_SHARING") return false;
  const email = guestEmail.trim().toLowerCase();
  return attachment.shareList.some((s) => s.email.trim().toLowerCase() === email);
}

/** A guest deletes only what they uploaded. */
export function guestMayDelete(
  attachment: { uploadedByUserId: string | null },
  guestUserId: string,
): boolean {
  return attachment.uploadedByUserId !== null && attachment.uploadedByUserId === guestUserId;
}
