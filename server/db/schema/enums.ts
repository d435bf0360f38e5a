import { pgEnum } from "drizzle-orm/pg-core";
import { ATTACHMENT_ALLOWED_CONTENT_TYPES } from "../../../shared/constants";
import {
  COMPANY_APPROVAL_STATES,
  CONTRACT_PERIODS,
  CONTRACT_STATUSES,
  HISTORY_STATUSES,
  INVITATION_STATUSES,
  LANGUAGES,
  ONE_TIME_TOKEN_PURPOSES,
  OUTBOUND_EMAIL_STATUSES,
  PAYMENT_METHODS,
  PLANS,
  QUEUE_STATUSES,
  ROLES,
  SHIPMENT_CHANGE_KINDS,
  SHIPPING_LINE_CODES,
  SUBSCRIPTION_SETTINGS,
  TIME_STATUSES,
  TRACKING_TYPES,
  TRANSHIP_NOTIFICATION_BEHAVIORS,
  UPGRADE_REQUEST_STATUSES,
  VISIBILITY_SCOPES,
} from "../../../shared/enums";

export const shippingLineEnum = pgEnum("shipping_line", SHIPPING_LINE_CODES);
export const trackingTypeEnum = pgEnum("tracking_type", TRACKING_TYPES);
export const planEnum = pgEnum("plan", PLANS);
export const contractStatusEnum = pgEnum("contract_status", CONTRACT_STATUSES);
export const contractPeriodEnum = pgEnum("contract_period", CONTRACT_PERIODS);
export const paymentMethodEnum = pgEnum("payment_method", PAYMENT_METHODS);
export const timeStatusEnum = pgEnum("time_status", TIME_STATUSES);
export const queueStatusEnum = pgEnum("queue_status", QUEUE_STATUSES);
export const historyStatusEnum = pgEnum("history_status", HISTORY_STATUSES);
export const invitationStatusEnum = pgEnum("invitation_status", INVITATION_STATUSES);
export const visibilityScopeEnum = pgEnum("visibility_scope", VISIBILITY_SCOPES);
export const transhipNotificationBehaviorEnum = pgEnum(
  "tranship_notification_behavior",
  TRANSHIP_NOTIFICATION_BEHAVIORS,
);
export const subscriptionSettingEnum = pgEnum("subscription_setting", SUBSCRIPTION_SETTINGS);
export const languageEnum = pgEnum("language", LANGUAGES);
export const roleEnum = pgEnum("role", ROLES);
export const shipmentChangeKindEnum = pgEnum("shipment_change_kind", SHIPMENT_CHANGE_KINDS);
export const companyApprovalStateEnum = pgEnum("company_approval_state", COMPANY_APPROVAL_STATES);
export const oneTimeTokenPurposeEnum = pgEnum("one_time_token_purpose", ONE_TIME_TOKEN_PURPOSES);
export const outboundEmailStatusEnum = pgEnum("outbound_email_status", OUTBOUND_EMAIL_STATUSES);
/** Upgrade requests and API applications are both reviewed by the provider with the same outcome. */
export const requestStatusEnum = pgEnum("request_status", UPGRADE_REQUEST_STATUSES);
/** The database refuses any type the spec does not allow, whichever surface the upload came through. */
export const attachmentContentTypeEnum = pgEnum("attachment_content_type", ATTACHMENT_ALLOWED_CONTENT_TYPES);

/** Not in shared/: only the webhook worker and its log read these. */
export const WEBHOOK_DELIVERY_STATUSES = ["PENDING", "DELIVERED", "FAILED"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const webhookDeliveryStatusEnum = pgEnum("webhook_delivery_status", WEBHOOK_DELIVERY_STATUSES);
