import type { GraphqlCase } from "./graphql.types";
import { action } from "./procedures.types";
import type { World } from "./world";

// The spec 02 §7 operations that the console reached through tRPC only until they were added to
// the schema: the same rules (and the same domain refusals on the world) as their procedures in
// procedures.plans.ts, procedures.attachments.ts, procedures.share.ts, procedures.cyberport.ts,
// procedures.notifications.ts and procedures.ts (invitations.byToken).

const shareToken = (w: World) => w.shipment.shareToken ?? "";
const onAttachment = (w: World) => ({ attachmentId: w.attachment.id });
const onGuestAttachment = (w: World) => ({ shareToken: shareToken(w), attachmentId: w.attachment.id });
const UPLOAD = 'filename: "booking.pdf", contentType: "application/pdf", fileSizeBytes: 2048';

const UPGRADE_FIELDS = `plan: ENTERPRISE, companyName: "World", companyAddress: "1-1 Marunouchi, Tokyo",
  companyTel: "+81 3 0000 0000", personInCharge: "Aoi Sato", workEmail: "aoi@world.example",
  emailForInvoice: "billing@world.example", quoteNumber: "2026-001", maxTrackings: 500, maxMembers: 20,
  desiredStartDate: "2027-01-01", contractPeriod: YEARLY, acceptTos: true`;

export const SPEC_OPERATIONS: Record<string, GraphqlCase> = {
  // Plans: Admins; the world's company is already on a current PREMIUM contract, and the matrix
  // runs without the card provider configured.
  "Mutation.submitUpgradeRequest": {
    rule: action("company.upgrade"),
    query: `mutation { submitUpgradeRequest(input: { ${UPGRADE_FIELDS}, paymentMethod: BANK_TRANSFER }) { upgradeRequestId } }`,
    domainRefusal: "UPGRADE_ALREADY_CONTRACTED",
  },
  "Mutation.upgradeForBankTransfer": {
    rule: action("company.upgrade"),
    query: `mutation { upgradeForBankTransfer(input: { ${UPGRADE_FIELDS} }) { upgradeRequestId } }`,
    domainRefusal: "UPGRADE_ALREADY_CONTRACTED",
  },
  "Mutation.createCheckoutUrl": {
    rule: action("company.billing"),
    query: "mutation { createCheckoutUrl { url } }",
    domainRefusal: "CARD_PAYMENT_NOT_CONFIGURED",
  },
  "Mutation.completeCheckout": {
    rule: action("company.billing"),
    query: 'mutation { completeCheckout(sessionId: "cs_test_world") { plan contractId } }',
    domainRefusal: "CARD_PAYMENT_NOT_CONFIGURED",
  },
  "Mutation.createBillingPortalUrl": {
    rule: action("company.billing"),
    query: "mutation { createBillingPortalUrl { url } }",
    domainRefusal: "CARD_PAYMENT_NOT_CONFIGURED",
  },
  // Port-community: those who manage the team.
  "Mutation.registerCyberportCredentials": {
    rule: action("team.manage"),
    query: `mutation($teamId: ID!) { registerCyberportCredentials(teamId: $teamId,
      input: { cyberportLoginUsername: "matrix-user", cyberportLoginPassword: "matrix-password" }) {
      teamId credentialsSet { loginUsername } } }`,
    variables: (w) => ({ teamId: w.teams.A.id }),
  },
  "Mutation.triggerCyberportImport": {
    rule: action("team.manage"),
    query: "mutation($teamId: ID!) { triggerCyberportImport(teamId: $teamId) { id status } }",
    variables: (w) => ({ teamId: w.teams.A.id }),
    // The world's teams have the integration switched off.
    domainRefusal: "CYBERPORT_NOT_ENABLED",
  },
  // Files of members. The world's file was uploaded by its Operator and shared with the guest address.
  "Mutation.generateAttachmentUploadUrl": {
    rule: action("attachment.upload"),
    query: `mutation($shipmentId: ID!) { generateAttachmentUploadUrl(shipmentId: $shipmentId, ${UPLOAD}) {
      attachmentId uploadUrl method headers { name value } expiresAt } }`,
    variables: (w) => ({ shipmentId: w.shipment.id }),
  },
  // Only the person who asked for the upload address finishes it: the Operator's finished file.
  "Mutation.completeAttachmentUpload": {
    rule: action("attachment.upload"),
    query: "mutation($attachmentId: ID!) { completeAttachmentUpload(attachmentId: $attachmentId) { id } }",
    variables: onAttachment,
    domainRefusal: "ATTACHMENT_NOT_FOUND",
  },
  "Mutation.getAttachmentDownloadUrl": {
    rule: action("attachment.download"),
    query:
      "mutation($attachmentId: ID!) { getAttachmentDownloadUrl(attachmentId: $attachmentId) { url expiresAt } }",
    variables: onAttachment,
  },
  "Mutation.deleteAttachment": {
    rule: action("attachment.delete"),
    query: "mutation($attachmentId: ID!) { deleteAttachment(attachmentId: $attachmentId) }",
    variables: onAttachment,
  },
  "Mutation.updateAttachmentVisibility": {
    rule: action("attachment.share"),
    query: `mutation($attachmentId: ID!) { updateAttachmentVisibility(attachmentId: $attachmentId,
      visibilityScope: LIMITED_SHARING, emails: ["guest@partner.example", "another@partner.example"],
      sendNotification: false) { id visibilityScope shareList { email } } }`,
    variables: onAttachment,
  },
  // The share page's equivalents: anyone signed in holding the token, whatever their company.
  "Query.guestAttachments": {
    rule: { kind: "signedIn" },
    query: "query($shareToken: String!) { guestAttachments(shareToken: $shareToken) { id filename isOwn } }",
    variables: (w) => ({ shareToken: shareToken(w) }),
  },
  "Mutation.generateGuestAttachmentUploadUrl": {
    rule: { kind: "signedIn" },
    query: `mutation($shareToken: String!) { generateGuestAttachmentUploadUrl(shareToken: $shareToken, ${UPLOAD}) {
      attachmentId uploadUrl } }`,
    variables: (w) => ({ shareToken: shareToken(w) }),
  },
  "Mutation.completeGuestAttachmentUpload": {
    rule: { kind: "signedIn" },
    query: `mutation($shareToken: String!, $attachmentId: ID!) {
      completeGuestAttachmentUpload(shareToken: $shareToken, attachmentId: $attachmentId) { id } }`,
    variables: onGuestAttachment,
    domainRefusal: "ATTACHMENT_NOT_FOUND",
  },
  // Shared with the guest address only: the world's people see it here only as its uploader.
  "Mutation.getGuestAttachmentDownloadUrl": {
    rule: { kind: "signedIn" },
    query: `mutation($shareToken: String!, $attachmentId: ID!) {
      getGuestAttachmentDownloadUrl(shareToken: $shareToken, attachmentId: $attachmentId) { url } }`,
    variables: onGuestAttachment,
    domainRefusal: "ATTACHMENT_NOT_FOUND",
  },
  "Mutation.deleteGuestAttachment": {
    rule: { kind: "signedIn" },
    query: `mutation($shareToken: String!, $attachmentId: ID!) {
      deleteGuestAttachment(shareToken: $shareToken, attachmentId: $attachmentId) }`,
    variables: onGuestAttachment,
    domainRefusal: "ATTACHMENT_NOT_FOUND",
  },
  // Any signed-in person may ask; only guests of the team get its list (the world's members are
  // members, not guests, of team A: "not found" for them).
  "Query.guestShipments": {
    rule: { kind: "signedIn" },
    query: `query($teamId: ID!) { guestShipments(teamId: $teamId) { total items { shareToken title trackingNumber
      latestHistory { vesselName } } } }`,
    variables: (w) => ({ teamId: w.teams.A.id }),
    domainRefusal: "TEAM_NOT_FOUND",
  },
  // Tokens are the whole authority; unknown ones are refused the same way for everyone.
  "Mutation.unsubscribeByToken": {
    rule: { kind: "public" },
    query:
      'mutation { unsubscribeByToken(unsubscribeToken: "not-a-token-anyone-was-given") { shipmentName } }',
    domainRefusal: "UNSUBSCRIBE_TOKEN_INVALID",
  },
  "Query.invitationByToken": {
    rule: { kind: "public" },
    query: `query($token: String!) { invitationByToken(invitationToken: $token) { email companyName
      role { id name } invitationExpireAt } }`,
    variables: (w) => ({ token: w.invitationToken }),
  },
  // The world's link is a member invitation: as a guest invitation it is unknown.
  "Query.teamGuestUserByToken": {
    rule: { kind: "public" },
    query:
      "query($token: String!) { teamGuestUserByToken(invitationToken: $token) { email companyName teamName } }",
    variables: (w) => ({ token: w.invitationToken }),
    domainRefusal: "INVITATION_NOT_FOUND",
  },
};
