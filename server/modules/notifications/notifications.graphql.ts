import { SUBSCRIPTION_SETTINGS, TRANSHIP_NOTIFICATION_BEHAVIORS } from "../../../shared/enums";
import type { GraphqlContext, GraphqlModule } from "../../graphql/module";
import { once } from "../auth/graphql-support";
import {
  applyNotificationSettingsToExistingShipments,
  getNotificationSettings,
  type NotificationSettingsOutput,
} from "./settings.service";

// The viewer's notification settings on the User type (spec 02 §3) and applying them to existing
// shipments (spec 02 §7). They need a company: without one each field answers an error and null.

const FIELDS = [
  "notificationEmail",
  "minUpdateIntervalHoursEtd",
  "minUpdateIntervalHoursEta",
  "minUpdateIntervalHoursPlaceOfDeliveryEta",
  "transhipNotificationBehavior",
  "subscriptionSettingForNewShipment",
  "isCompletionEmailEnabled",
  "includesRemarkToEmail",
  "includesCustomField1ToEmail",
  "includesCustomField2ToEmail",
  "includesCustomField3ToEmail",
  "timeZone",
] as const satisfies readonly (keyof NotificationSettingsOutput)[];

type SettingField = (typeof FIELDS)[number];

const FIELD_TYPES: Record<SettingField, string> = {
  notificationEmail: "String",
  minUpdateIntervalHoursEtd: "Int",
  minUpdateIntervalHoursEta: "Int",
  minUpdateIntervalHoursPlaceOfDeliveryEta: "Int",
  transhipNotificationBehavior: "TranshipNotificationBehavior",
  subscriptionSettingForNewShipment: "SubscriptionSettingForNewShipment",
  isCompletionEmailEnabled: "Boolean",
  includesRemarkToEmail: "Boolean",
  includesCustomField1ToEmail: "Boolean",
  includesCustomField2ToEmail: "Boolean",
  includesCustomField3ToEmail: "Boolean",
  timeZone: "String",
};

const FIELD_DESCRIPTIONS: Partial<Record<SettingField, string>> = {
  notificationEmail: "Comma-separated addresses; empty means no notification e-mails.",
  minUpdateIntervalHoursEtd: "0: any change; N: changes of at least N hours; -1: date changes only.",
  timeZone: "IANA time zone of the times in e-mails; null for UTC.",
};

/** The settings' SDL fields, one a line, described (on User) or not (on an input). */
function settingsSdl(described: boolean): string {
  return FIELDS.map((field) => {
    const description = described ? FIELD_DESCRIPTIONS[field] : undefined;
    return `${description ? `"${description}"\n      ` : ""}${field}: ${FIELD_TYPES[field]}`;
  }).join("\n      ");
}

/** The same settings as fields of UpdateUserInput (account.graphql.ts). */
export const NOTIFICATION_SETTINGS_INPUT_SDL = settingsSdl(false);

function settingField(field: (typeof FIELDS)[number]) {
  return async (user: object, _args: unknown, ctx: GraphqlContext) =>
    (await once(user, "notificationSettings", () => getNotificationSettings(ctx.service)))[field];
}

export const notificationsGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    enum TranshipNotificationBehavior {
      ${TRANSHIP_NOTIFICATION_BEHAVIORS.join("\n")}
    }
    enum SubscriptionSettingForNewShipment {
      ${SUBSCRIPTION_SETTINGS.join("\n")}
    }
    extend type User {
      ${settingsSdl(true)}
    }
    type SubscriptionsApplied {
      subscribed: Int!
      unsubscribed: Int!
    }
    extend type Mutation {
      "Subscribes or unsubscribes the viewer on existing shipments per their new-shipment setting."
      applyNotificationSettingsToExistingShipments: SubscriptionsApplied!
    }
  `,
  resolvers: {
    Mutation: {
      applyNotificationSettingsToExistingShipments: (_root, _args, ctx) =>
        applyNotificationSettingsToExistingShipments(ctx.service),
    },
    User: Object.fromEntries(FIELDS.map((field) => [field, settingField(field)])),
  },
};
