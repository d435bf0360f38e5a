import { relations } from "drizzle-orm";
import { attachmentShares, attachments } from "./attachments";
import { sessions, userIdentities } from "./auth";
import { apiApplicationRequests, contracts, upgradeRequests } from "./billing";
import { activities, commentReads, comments, savedSearches } from "./collaboration";
import { companies, companyRoleNames, roles } from "./companies";
import { invitations, invitationTeams } from "./invitations";
import { notifications } from "./notifications";
import { favorites, shipments, subscriptions } from "./shipments";
import { teamGuestUsers, teamMembers, teams } from "./teams";
import { historyContainers, historyVessels, shipmentChanges, shipmentHistories } from "./tracking";
import { users } from "./users";
import { apiTokens, webhookDeliveries, webhookEndpoints } from "./webhooks";

export const companiesRelations = relations(companies, ({ many }) => ({
  users: many(users),
  teams: many(teams),
  contracts: many(contracts),
  roleNames: many(companyRoleNames),
  invitations: many(invitations),
  shipments: many(shipments),
  upgradeRequests: many(upgradeRequests),
  apiApplicationRequests: many(apiApplicationRequests),
}));

export const rolesRelations = relations(roles, ({ many }) => ({
  companyNames: many(companyRoleNames),
}));

export const companyRoleNamesRelations = relations(companyRoleNames, ({ one }) => ({
  company: one(companies, { fields: [companyRoleNames.companyId], references: [companies.id] }),
  role: one(roles, { fields: [companyRoleNames.roleId], references: [roles.id] }),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  company: one(companies, { fields: [users.companyId], references: [companies.id] }),
  role: one(roles, { fields: [users.roleId], references: [roles.id] }),
  identities: many(userIdentities),
  sessions: many(sessions),
  teamMemberships: many(teamMembers),
  guestMemberships: many(teamGuestUsers),
  ownedShipments: many(shipments),
  apiTokens: many(apiTokens),
  webhookEndpoint: one(webhookEndpoints),
}));

export const userIdentitiesRelations = relations(userIdentities, ({ one }) => ({
  user: one(users, { fields: [userIdentities.userId], references: [users.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const teamsRelations = relations(teams, ({ one, many }) => ({
  company: one(companies, { fields: [teams.companyId], references: [companies.id] }),
  members: many(teamMembers),
  guestUsers: many(teamGuestUsers),
  shipments: many(shipments),
}));

export const teamMembersRelations = relations(teamMembers, ({ one }) => ({
  team: one(teams, { fields: [teamMembers.teamId], references: [teams.id] }),
  user: one(users, { fields: [teamMembers.userId], references: [users.id] }),
}));

export const teamGuestUsersRelations = relations(teamGuestUsers, ({ one }) => ({
  team: one(teams, { fields: [teamGuestUsers.teamId], references: [teams.id] }),
  user: one(users, { fields: [teamGuestUsers.userId], references: [users.id] }),
}));

export const invitationsRelations = relations(invitations, ({ one, many }) => ({
  company: one(companies, { fields: [invitations.companyId], references: [companies.id] }),
  role: one(roles, { fields: [invitations.roleId], references: [roles.id] }),
  invitedBy: one(users, { fields: [invitations.invitedByUserId], references: [users.id] }),
  teams: many(invitationTeams),
}));

export const invitationTeamsRelations = relations(invitationTeams, ({ one }) => ({
  invitation: one(invitations, { fields: [invitationTeams.invitationId], references: [invitations.id] }),
  team: one(teams, { fields: [invitationTeams.teamId], references: [teams.id] }),
}));

export const shipmentsRelations = relations(shipments, ({ one, many }) => ({
  company: one(companies, { fields: [shipments.companyId], references: [companies.id] }),
  team: one(teams, { fields: [shipments.teamId], references: [teams.id] }),
  owner: one(users, { fields: [shipments.ownerUserId], references: [users.id] }),
  latestHistory: one(shipmentHistories, {
    fields: [shipments.latestHistoryId],
    references: [shipmentHistories.id],
    relationName: "latestHistory",
  }),
  histories: many(shipmentHistories, { relationName: "shipmentHistories" }),
  changes: many(shipmentChanges),
  comments: many(comments),
  activities: many(activities),
  attachments: many(attachments),
  favorites: many(favorites),
  subscriptions: many(subscriptions),
}));

export const shipmentHistoriesRelations = relations(shipmentHistories, ({ one, many }) => ({
  shipment: one(shipments, {
    fields: [shipmentHistories.shipmentId],
    references: [shipments.id],
    relationName: "shipmentHistories",
  }),
  vessels: many(historyVessels),
  containers: many(historyContainers),
}));

export const historyVesselsRelations = relations(historyVessels, ({ one }) => ({
  history: one(shipmentHistories, { fields: [historyVessels.historyId], references: [shipmentHistories.id] }),
}));

export const historyContainersRelations = relations(historyContainers, ({ one }) => ({
  history: one(shipmentHistories, {
    fields: [historyContainers.historyId],
    references: [shipmentHistories.id],
  }),
}));

export const shipmentChangesRelations = relations(shipmentChanges, ({ one }) => ({
  shipment: one(shipments, { fields: [shipmentChanges.shipmentId], references: [shipments.id] }),
  history: one(shipmentHistories, {
    fields: [shipmentChanges.historyId],
    references: [shipmentHistories.id],
  }),
}));

export const favoritesRelations = relations(favorites, ({ one }) => ({
  user: one(users, { fields: [favorites.userId], references: [users.id] }),
  shipment: one(shipments, { fields: [favorites.shipmentId], references: [shipments.id] }),
}));

export const subscriptionsRelations = relations(subscriptions, ({ one }) => ({
  user: one(users, { fields: [subscriptions.userId], references: [users.id] }),
  shipment: one(shipments, { fields: [subscriptions.shipmentId], references: [shipments.id] }),
}));

export const commentsRelations = relations(comments, ({ one }) => ({
  shipment: one(shipments, { fields: [comments.shipmentId], references: [shipments.id] }),
  user: one(users, { fields: [comments.userId], references: [users.id] }),
}));

export const commentReadsRelations = relations(commentReads, ({ one }) => ({
  user: one(users, { fields: [commentReads.userId], references: [users.id] }),
  shipment: one(shipments, { fields: [commentReads.shipmentId], references: [shipments.id] }),
}));

export const activitiesRelations = relations(activities, ({ one }) => ({
  shipment: one(shipments, { fields: [activities.shipmentId], references: [shipments.id] }),
  actor: one(users, { fields: [activities.actorUserId], references: [users.id] }),
}));

export const savedSearchesRelations = relations(savedSearches, ({ one }) => ({
  user: one(users, { fields: [savedSearches.userId], references: [users.id] }),
  team: one(teams, { fields: [savedSearches.teamId], references: [teams.id] }),
}));

export const attachmentsRelations = relations(attachments, ({ one, many }) => ({
  shipment: one(shipments, { fields: [attachments.shipmentId], references: [shipments.id] }),
  uploadedBy: one(users, { fields: [attachments.uploadedByUserId], references: [users.id] }),
  shares: many(attachmentShares),
}));

export const attachmentSharesRelations = relations(attachmentShares, ({ one }) => ({
  attachment: one(attachments, { fields: [attachmentShares.attachmentId], references: [attachments.id] }),
}));

export const contractsRelations = relations(contracts, ({ one }) => ({
  company: one(companies, { fields: [contracts.companyId], references: [companies.id] }),
}));

export const upgradeRequestsRelations = relations(upgradeRequests, ({ one }) => ({
  company: one(companies, { fields: [upgradeRequests.companyId], references: [companies.id] }),
  requestedBy: one(users, { fields: [upgradeRequests.requestedByUserId], references: [users.id] }),
}));

export const apiApplicationRequestsRelations = relations(apiApplicationRequests, ({ one }) => ({
  company: one(companies, { fields: [apiApplicationRequests.companyId], references: [companies.id] }),
  requestedBy: one(users, { fields: [apiApplicationRequests.requestedByUserId], references: [users.id] }),
}));

export const apiTokensRelations = relations(apiTokens, ({ one }) => ({
  user: one(users, { fields: [apiTokens.userId], references: [users.id] }),
  company: one(companies, { fields: [apiTokens.companyId], references: [companies.id] }),
}));

export const webhookEndpointsRelations = relations(webhookEndpoints, ({ one, many }) => ({
  user: one(users, { fields: [webhookEndpoints.userId], references: [users.id] }),
  deliveries: many(webhookDeliveries),
}));

export const webhookDeliveriesRelations = relations(webhookDeliveries, ({ one }) => ({
  endpoint: one(webhookEndpoints, {
    fields: [webhookDeliveries.endpointId],
    references: [webhookEndpoints.id],
  }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
  shipment: one(shipments, { fields: [notifications.shipmentId], references: [shipments.id] }),
}));
