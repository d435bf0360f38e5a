import { SUBSCRIPTION_SETTINGS, TRANSHIP_NOTIFICATION_BEHAVIORS } from "../../../shared/enums";
import { UnsubscribeInput } from "../../../shared/schemas/notifications";
import { describedEnum, sdlString } from "../../graphql/describe";
import type { GraphqlContext, GraphqlModule } from "../../graphql/module";
import { once } from "../../graphql/support";
import {
  applyNotificationSettingsToExistingShipments,
  getNotificationSettings,
  type NotificationSettingsOutput,
} from "./settings.service";
import { unsubscribeByToken } from "./unsubscribe.service";

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

const THRESHOLD = "0: any change; N (1 or more): changes of at least N hours; -1: date changes only.";

const FIELD_DESCRIPTIONS: Record<SettingField, string> = {
  notificationEmail:
    "Where notification e-mails go: comma-separated addresses; empty means no notification e-mails.",
  minUpdateIntervalHoursEtd: `Which ETD changes are e-mailed. ${THRESHOLD}`,
  minUpdateIntervalHoursEta: `Which ETA changes are e-mailed. ${THRESHOLD}`,
  minUpdateIntervalHoursPlaceOfDeliveryEta: `Which changes of the ETA at the place of delivery are e-mailed. ${THRESHOLD}`,
  transhipNotificationBehavior: "Which transhipments are e-mailed.",
  subscriptionSettingForNewShipment: "Which new shipments the person is subscribed to automatically.",
  isCompletionEmailEnabled: "Whether an e-mail is sent when a shipment is completed (delivered).",
  includesRemarkToEmail: "Whether e-mails include the shipment's remark.",
  includesCustomField1ToEmail: "Whether e-mails include the team's custom field 1.",
  includesCustomField2ToEmail: "Whether e-mails include the team's custom field 2.",
  includesCustomField3ToEmail: "Whether e-mails include the team's custom field 3.",
  timeZone: "IANA time zone of the times in e-mails (e.g. Asia/Tokyo); null for UTC.",
};

/** The settings' SDL fields, one a line: on User, the viewer's own; on an input, what changes. */
function settingsSdl(onUser: boolean): string {
  const suffix = onUser
    ? " The viewer's own setting; needs a company (null with an error without one)."
    : " Omitted: unchanged.";
  return FIELDS.map(
    (field) => `${sdlString(FIELD_DESCRIPTIONS[field] + suffix)}\n      ${field}: ${FIELD_TYPES[field]}`,
  ).join("\n      ");
}

/** The same settings as fields of UpdateUserInput (account.graphql.ts). */
export const NOTIFICATION_SETTINGS_INPUT_SDL = settingsSdl(false);

function settingField(field: (typeof FIELDS)[number]) {
  return async (user: object, _args: unknown, ctx: GraphqlContext) =>
    (await once(user, "notificationSettings", () => getNotificationSettings(ctx.service)))[field];
}

export const notificationsGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${describedEnum(
      "TranshipNotificationBehavior",
      "Which transhipments are e-mailed.",
      TRANSHIP_NOTIFICATION_BEHAVIORS,
      {
        ALL: "Every change of vessel.",
        ONLY_LAST_VESSEL: "Only changes of the last vessel (the one arriving at the destination).",
      },
    )}
    ${describedEnum(
      "SubscriptionSettingForNewShipment",
      "Which new shipments of the person's teams they are subscribed to automatically.",
      SUBSCRIPTION_SETTINGS,
      {
        ALL: "Every new shipment of their teams.",
        ONLYMINE: "Only the shipments they create.",
        NONE: "None; they subscribe one by one.",
      },
    )}
    extend type User {
      ${settingsSdl(true)}
    }
    "How many existing shipments applying the settings changed."
    type SubscriptionsApplied {
      "Shipments the viewer is now subscribed to."
      subscribed: Int!
      "Shipments the viewer is no longer subscribed to."
      unsubscribed: Int!
    }
    "What an unsubscribe link ended."
    type UnsubscribeResult {
      "The shipment's title and number, to say what was unsubscribed."
      shipmentName: String!
    }
    extend type Mutation {
      "Subscribes or unsubscribes the viewer on existing shipments per their new-shipment setting. Every member."
      applyNotificationSettingsToExistingShipments: SubscriptionsApplied!
      """
      Ends the subscription a notification e-mail's unsubscribe link names. Anyone holding the token,
      signed in or not; using it again answers the same.
      """
      unsubscribeByToken(
        "The token of the e-mail's unsubscribe link."
        unsubscribeToken: String!
      ): UnsubscribeResult!
    }
  `,
  resolvers: {
    Mutation: {
      applyNotificationSettingsToExistingShipments: (_root, _args, ctx) =>
        applyNotificationSettingsToExistingShipments(ctx.service),
      unsubscribeByToken: (_root, args, ctx) => unsubscribeByToken(ctx.service, UnsubscribeInput.parse(args)),
    },
    User: Object.fromEntries(FIELDS.map((field) => [field, settingField(field)])),
  },
};
