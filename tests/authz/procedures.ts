import { ROLE_IDS } from "../../shared/enums";
import { API_PROCEDURES } from "./procedures.api";
import { ATTACHMENT_PROCEDURES } from "./procedures.attachments";
import { CALENDAR_FEED_PROCEDURES } from "./procedures.calendar";
import { CYBERPORT_PROCEDURES } from "./procedures.cyberport";
import { LIST_PROCEDURES } from "./procedures.list";
import { NOTIFICATION_PROCEDURES } from "./procedures.notifications";
import { PLAN_PROCEDURES } from "./procedures.plans";
import { SHARE_PROCEDURES } from "./procedures.share";
import { SHIPMENT_PROCEDURES } from "./procedures.shipments";
import { action, type ProcedureCase } from "./procedures.types";
import { WEBHOOK_PROCEDURES } from "./procedures.webhooks";

export type { ProcedureCase, Rule } from "./procedures.types";

/** Who may call each tRPC procedure; every procedure of the router must be listed (the matrix test fails otherwise). */
export const PROCEDURES: Record<string, ProcedureCase> = {
  "account.viewer": { rule: { kind: "signedIn" } },
  "account.update": { rule: { kind: "signedIn" }, input: () => ({ nickname: "Renamed" }) },
  "account.delete": {
    rule: { kind: "signedIn" },
    input: () => ({ confirm: true }),
    // The world's Admin is its only Admin, and the company has other members.
    domainRefusal: "LAST_ADMIN_CANNOT_DELETE_ACCOUNT",
  },
  "carriers.shippingLines": { rule: { kind: "public" } },
  "carriers.notices": { rule: { kind: "public" } },
  // Inference is the first step of adding a shipment (decision 0058: it was open to anyone signed in).
  "carriers.infer": { rule: action("shipment.create"), input: () => ({ trackingNumber: "MSCU7188200" }) },
  "companies.create": {
    rule: { kind: "withoutCompany" },
    input: () => ({ companyName: "Another", companyTel: "+81 3 1111 2222" }),
  },
  "companies.cancelTrial": { rule: action("company.cancelTrial"), domainRefusal: "TRIAL_CANCEL_NOT_ALLOWED" },
  "companies.settings": { rule: action("companyPage.view") },
  "companies.updateSettings": {
    rule: action("company.settings"),
    input: () => ({ allowTrackingNumDuplication: true }),
  },
  "companies.updateInvitationDomains": {
    rule: action("company.settings"),
    input: () => ({ domains: ["branch.example"] }),
  },
  "companies.delete": { rule: action("company.delete") },
  "debug.outbox": { rule: { kind: "developmentOnly" } },
  "invitations.list": { rule: action("companyPage.view") },
  "invitations.invite": {
    rule: action("user.invite"),
    input: (w) => ({ emails: `newcomer@${w.domain}`, roleId: ROLE_IDS.OPERATOR, teamIds: [w.teams.A.id] }),
  },
  "invitations.resend": { rule: action("user.invite"), input: (w) => ({ email: w.invitation.email }) },
  "invitations.delete": { rule: action("user.invite"), input: (w) => ({ invitationId: w.invitation.id }) },
  "invitations.byToken": { rule: { kind: "public" }, input: (w) => ({ invitationToken: w.invitationToken }) },
  // Taken up after sign-in by the person the invitation was sent to; everyone else is refused by it.
  "invitations.pending": { rule: { kind: "signedIn" } },
  "invitations.accept": {
    rule: { kind: "signedIn" },
    input: (w) => ({ invitationToken: w.invitationToken }),
    domainRefusal: "INVITATION_EMAIL_MISMATCH",
  },
  "invitations.acceptPending": {
    rule: { kind: "signedIn" },
    input: (w) => ({ invitationId: w.invitation.id }),
    domainRefusal: "INVITATION_NOT_FOUND",
  },
  "members.list": { rule: action("companyPage.view") },
  "members.delete": { rule: action("user.delete"), input: (w) => ({ userId: w.target.id }) },
  "members.updateRole": {
    rule: action("user.changeRole"),
    input: (w) => ({ userId: w.target.id, input: { roleId: ROLE_IDS.MANAGER } }),
  },
  "teams.list": { rule: action("team.view") },
  "teams.switcher": { rule: { kind: "signedIn" } },
  "teams.archived": { rule: action("team.manage") },
  "teams.get": { rule: action("team.view"), input: (w) => ({ teamId: w.teams.A.id }) },
  "teams.addableMembers": { rule: action("team.addMember"), input: (w) => ({ teamId: w.teams.B.id }) },
  "teams.create": { rule: action("team.create"), input: () => ({ name: "New team" }) },
  "teams.join": {
    rule: action("team.join"),
    input: (w, self) => ({ userId: self ?? w.target.id, teamId: w.teams.C.id }),
    // Every role of the world is already in teams A and B: only Admins join another by themselves.
    domainRefusal: "TEAM_JOIN_NOT_ALLOWED",
  },
  "teams.leave": {
    rule: action("team.leave"),
    input: (w, self) => ({ userId: self ?? w.target.id, teamId: w.teams.B.id }),
  },
  "teams.rename": {
    rule: action("team.manage"),
    input: (w) => ({ teamId: w.teams.A.id, input: { name: "Renamed" } }),
  },
  "teams.updateSettings": {
    rule: action("team.manage"),
    input: (w) => ({ teamId: w.teams.A.id, input: { daysToArchiveAfterDelivery: 3 } }),
  },
  "teams.updateCustomFields": {
    rule: action("team.manage"),
    input: (w) => ({
      teamId: w.teams.A.id,
      input: {
        customField1Name: "PO",
        customField2Name: "",
        customField3Name: "",
        customField1Enabled: true,
        customField2Enabled: false,
        customField3Enabled: false,
      },
    }),
  },
  "teams.archive": { rule: action("team.manage"), input: (w) => ({ teamId: w.teams.B.id }) },
  "teams.unarchive": { rule: action("team.manage"), input: (w) => ({ teamId: w.teams.archived.id }) },
  "teams.addUser": {
    rule: action("team.addMember"),
    input: (w) => ({ userId: w.target.id, teamId: w.teams.B.id }),
  },
  "teams.deleteUser": {
    rule: action("team.removeMember"),
    input: (w) => ({ userId: w.target.id, teamId: w.teams.A.id }),
  },
  "teams.addGuest": {
    rule: action("team.manage"),
    input: (w) => ({ teamId: w.teams.A.id, email: "new-guest@partner.example" }),
  },
  "teams.removeGuest": {
    rule: action("team.manage"),
    input: (w) => ({ teamId: w.teams.A.id, teamGuestUserId: w.guest.id }),
  },
  "tracking.refresh": { rule: action("shipment.refresh"), input: (w) => ({ shipmentId: w.shipment.id }) },
  "tracking.updateAis": { rule: action("shipment.view"), input: (w) => ({ shipmentId: w.shipment.id }) },
  ...SHIPMENT_PROCEDURES,
  ...LIST_PROCEDURES,
  ...NOTIFICATION_PROCEDURES,
  ...PLAN_PROCEDURES,
  ...CYBERPORT_PROCEDURES,
  ...API_PROCEDURES,
  ...ATTACHMENT_PROCEDURES,
  ...SHARE_PROCEDURES,
  ...WEBHOOK_PROCEDURES,
  ...CALENDAR_FEED_PROCEDURES,
};
