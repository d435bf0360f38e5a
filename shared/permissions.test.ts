import { describe, expect, it } from "vitest";
import { PLANS, type Plan, ROLES, type Role } from "./enums";
import {
  ACTIONS,
  type Action,
  authorizeDecision,
  can,
  GUEST_ACTIONS,
  guestCan,
  guestMayDelete,
  guestMayDownload,
  isAction,
  type PlanFeature,
  planAllows,
} from "./permissions";

const Y = true;
const N = false;
type Rights = [admin: boolean, manager: boolean, operator: boolean, readonly: boolean];

// Spec 02 §6, row by row ("blocked" is no).
const SPEC_02_TABLE: [row: string, actions: Action[], rights: Rights][] = [
  ["View and configure own notifications", ["notifications.configureOwn"], [Y, Y, Y, Y]],
  ["Add, edit, archive shipments", ["shipment.create", "shipment.edit", "shipment.archive"], [Y, Y, Y, N]],
  ["Delete shipments", ["shipment.delete"], [Y, Y, N, N]],
  ["CSV download", ["shipment.csvDownload"], [Y, Y, Y, N]],
  [
    "Headquarters view, CSV team selection, reassign shipment team",
    ["headquarters.view", "csv.teamSelection", "shipment.reassignTeam"],
    [Y, Y, N, N],
  ],
  [
    "Manage own teams (rename, custom fields, archive, invite), add company member to team, remove member",
    ["team.manage", "team.addMember", "team.removeMember"],
    [Y, Y, N, N],
  ],
  ["Create teams", ["team.create"], [Y, N, N, N]],
  ["Invite, delete, change roles of users", ["user.invite", "user.delete", "user.changeRole"], [Y, N, N, N]],
  ["View API key, API settings", ["apiSettings.view", "apiSettings.manage"], [Y, N, N, N]],
  ["Enable the port-community integration", ["cyberport.enable"], [Y, N, N, N]],
  [
    "Company settings, upgrade, billing, plan and payment",
    ["company.settings", "company.upgrade", "company.billing", "company.delete"],
    [Y, N, N, N],
  ],
  ["Company and members page", ["companyPage.view"], [Y, Y, N, N]],
];

// Actions the table does not list, decided from spec 01 §6 and spec 02 §2 (see permissions.ts).
const DERIVED: [reason: string, actions: Action[], rights: Rights][] = [
  [
    "every member views and manages their own account, teams and viewer-only flags",
    [
      "account.manageOwn",
      "shipment.view",
      "shipment.subscribe",
      "shipment.favorite",
      "attachment.download",
      "team.view",
      "team.join",
      "team.leave",
      "roles.view",
    ],
    [Y, Y, Y, Y],
  ],
  [
    "collaboration edits follow 'add, edit, archive'; Readonly only views",
    ["shipment.comment", "shipment.refresh", "attachment.upload", "attachment.delete", "attachment.share"],
    [Y, Y, Y, N],
  ],
  [
    "CSV export follows the CSV download row (its Premium gate is separate)",
    ["shipment.csvExport"],
    [Y, Y, Y, N],
  ],
  [
    "a whole team's calendar feed is a team-wide view, like headquarters",
    ["calendarFeed.team"],
    [Y, Y, N, N],
  ],
  [
    "withdrawing the company before approval (Cancel Trial) is the Admin's, like deleting it",
    ["company.cancelTrial"],
    [Y, N, N, N],
  ],
];

function expectRights(actions: Action[], rights: Rights) {
  for (const action of actions) {
    const actual = ROLES.map((role) => can(role, action));
    expect({ action, rights: actual }).toEqual({ action, rights });
  }
}

describe("role × action matrix", () => {
  it.each(SPEC_02_TABLE)("spec 02 §6: %s", (_row, actions, rights) => expectRights(actions, rights));
  it.each(DERIVED)("derived: %s", (_reason, actions, rights) => expectRights(actions, rights));

  it("decides every action exactly once across the two tables", () => {
    const decided = [...SPEC_02_TABLE, ...DERIVED].flatMap(([, actions]) => actions);
    expect([...decided].sort()).toEqual([...ACTIONS].sort());
  });

  it("gives Admin full access (spec 01 §6)", () => {
    for (const action of ACTIONS) expect(can("ADMIN", action)).toBe(true);
  });

  it("spec 01 §6: Operator cannot delete or reassign; Readonly only views and configures notifications", () => {
    expect(can("OPERATOR", "shipment.delete")).toBe(false);
    expect(can("OPERATOR", "shipment.reassignTeam")).toBe(false);
    const readonlyMay = ACTIONS.filter((a) => can("READONLY", a));
    for (const action of readonlyMay) {
      expect(action).toMatch(
        /^(notifications\.|account\.|roles\.view|team\.(view|join|leave)|shipment\.(view|subscribe|favorite)|attachment\.download)/,
      );
    }
  });

  it("lists the action names the procedures use", () => {
    const named: Action[] = [
      "shipment.create",
      "shipment.edit",
      "shipment.archive",
      "shipment.delete",
      "shipment.csvDownload",
      "shipment.csvExport",
      "shipment.reassignTeam",
      "shipment.view",
      "shipment.comment",
      "headquarters.view",
      "csv.teamSelection",
      "team.create",
      "team.manage",
      "team.addMember",
      "team.removeMember",
      "team.join",
      "team.leave",
      "team.view",
      "user.invite",
      "user.delete",
      "user.changeRole",
      "apiSettings.view",
      "apiSettings.manage",
      "cyberport.enable",
      "company.settings",
      "company.delete",
      "company.upgrade",
      "company.billing",
      "companyPage.view",
      "notifications.configureOwn",
      "account.manageOwn",
    ];
    for (const action of named) expect(isAction(action)).toBe(true);
    expect(isAction("shipment.nope")).toBe(false);
    expect(new Set(ACTIONS).size).toBe(ACTIONS.length);
  });
});

describe("plan gates", () => {
  const expected: Record<PlanFeature, Plan[]> = {
    "headquarters.view": ["PREMIUM", "ENTERPRISE"],
    "headquarters.toggle": ["PREMIUM", "ENTERPRISE"],
    "shipment.csvExport": ["PREMIUM", "ENTERPRISE"],
    "csv.teamSelection": ["PREMIUM", "ENTERPRISE"],
    "shipment.reassignTeam": ["PREMIUM", "ENTERPRISE"],
    customFields: ["PREMIUM", "ENTERPRISE"],
    "customFields.csv": ["FREE", "PREMIUM", "ENTERPRISE"],
    "company.delete": ["FREE"],
    api: ["STARTER", "STANDARD", "PREMIUM", "ENTERPRISE"],
  };
  it.each(Object.entries(expected) as [PlanFeature, Plan[]][])("%s is allowed on %j", (feature, plans) => {
    for (const plan of PLANS)
      expect({ plan, allowed: planAllows(plan, feature) }).toEqual({ plan, allowed: plans.includes(plan) });
  });
});

describe("authorizeDecision", () => {
  const cases: [Role, Plan, Action, ReturnType<typeof authorizeDecision>][] = [
    ["MANAGER", "PREMIUM", "headquarters.view", { ok: true }],
    ["MANAGER", "STANDARD", "headquarters.view", { ok: false, code: "UPGRADE_REQUIRED" }],
    ["OPERATOR", "PREMIUM", "headquarters.view", { ok: false, code: "PERMISSION_DENIED" }],
    // Role is checked before plan: an Operator on STANDARD is not told to upgrade.
    ["OPERATOR", "STANDARD", "shipment.reassignTeam", { ok: false, code: "PERMISSION_DENIED" }],
    ["MANAGER", "ENTERPRISE", "shipment.reassignTeam", { ok: true }],
    ["OPERATOR", "STARTER", "shipment.csvExport", { ok: false, code: "UPGRADE_REQUIRED" }],
    ["OPERATOR", "PREMIUM", "shipment.csvExport", { ok: true }],
    ["MANAGER", "FREE", "csv.teamSelection", { ok: false, code: "UPGRADE_REQUIRED" }],
    ["ADMIN", "FREE", "company.delete", { ok: true }],
    ["ADMIN", "PREMIUM", "company.delete", { ok: false, code: "COMPANY_DELETE_FREE_ONLY" }],
    ["MANAGER", "FREE", "company.delete", { ok: false, code: "PERMISSION_DENIED" }],
    ["ADMIN", "FREE", "apiSettings.manage", { ok: false, code: "UPGRADE_REQUIRED" }],
    ["ADMIN", "STARTER", "apiSettings.manage", { ok: true }],
    ["ADMIN", "FREE", "apiSettings.view", { ok: true }],
    ["READONLY", "FREE", "notifications.configureOwn", { ok: true }],
    ["READONLY", "ENTERPRISE", "shipment.create", { ok: false, code: "PERMISSION_DENIED" }],
    ["OPERATOR", "FREE", "shipment.create", { ok: true }],
  ];
  it.each(cases)("%s on %s doing %s", (role, plan, action, decision) => {
    expect(authorizeDecision({ role, plan, action })).toEqual(decision);
  });

  it("never allows what the role cannot do, on any plan", () => {
    for (const role of ROLES)
      for (const plan of PLANS)
        for (const action of ACTIONS) {
          if (!can(role, action)) expect(authorizeDecision({ role, plan, action }).ok).toBe(false);
        }
  });
});

describe("the company's standing gates", () => {
  const churned = { isApproved: true, canAccessConsole: true, isChurned: true };
  const ended = { isApproved: true, canAccessConsole: false, isChurned: false };
  const decide = (action: Action, company: typeof churned, role: Role = "ADMIN") =>
    authorizeDecision({ role, plan: "FREE", action, company });

  it("keep a churned company reading and choosing a plan, refusing every change with CONTRACT_ENDED", () => {
    for (const action of [
      "shipment.view",
      "attachment.download",
      "shipment.csvDownload",
      "company.upgrade",
    ] as const)
      expect(decide(action, churned), action).toEqual({ ok: true });
    for (const action of [
      "shipment.create",
      "shipment.edit",
      "shipment.refresh",
      "shipment.subscribe",
      "shipment.comment",
      "attachment.upload",
      "team.create",
      "user.invite",
      "company.settings",
    ] as const)
      expect(decide(action, churned), action).toEqual({ ok: false, code: "CONTRACT_ENDED" });
    // The role still comes first: a Readonly member is not told the contract ended.
    expect(decide("shipment.create", churned, "READONLY")).toEqual({ ok: false, code: "PERMISSION_DENIED" });
  });

  it("refuse an ended trial with TRIAL_ENDED before anything of the churned console", () => {
    expect(decide("shipment.view", ended)).toEqual({ ok: false, code: "TRIAL_ENDED" });
    expect(decide("company.upgrade", ended)).toEqual({ ok: true });
  });
});

describe("guests", () => {
  it("may only view shared shipments and handle attachments, never company actions", () => {
    for (const action of GUEST_ACTIONS) expect(guestCan(action)).toBe(true);
    for (const action of ACTIONS) expect(guestCan(action)).toBe(false);
  });

  it("download only attachments shared with their e-mail", () => {
    const shared = {
      visibilityScope: "LIMITED_SHARING" as const,
      shareList: [{ email: "Guest@Example.com" }],
    };
    expect(guestMayDownload(shared, "guest@example.com")).toBe(true);
    expect(guestMayDownload(shared, "other@example.com")).toBe(false);
    expect(guestMayDownload({ ...shared, visibilityScope: "INTERNAL_ONLY" }, "guest@example.com")).toBe(
      false,
    );
  });

  it("delete only their own uploads", () => {
    expect(guestMayDelete({ uploadedByUserId: "g1" }, "g1")).toBe(true);
    expect(guestMayDelete({ uploadedByUserId: "u2" }, "g1")).toBe(false);
    expect(guestMayDelete({ uploadedByUserId: null }, "g1")).toBe(false);
  });
});
