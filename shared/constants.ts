// Every number of spec 01 §9 and spec 02 §9, named. Durations are in milliseconds unless the
// name says otherwise.

import type { Plan } from "./enums";

export const REQUEST_TIMEOUT_MS = 5000;
export const REQUEST_MAX_ATTEMPTS = 3;
export const GRAPHQL_MAX_ATTEMPTS = 3;
export const GRAPHQL_MAX_RETRY_DELAY_MS = 3000;
export const ERROR_TOAST_MS = 8000;

export const FREE_TRIAL_DAYS = 30;
export const TRIAL_MODAL_LAST_DAYS = 7;
/** The top bar hides the trial day count at this many days or more. */
export const TRIAL_DAYS_HIDDEN_AT = 999;

export const RESEND_VERIFICATION_COUNTDOWN_SECONDS = 30;
export const VERIFICATION_RECHECK_MS = 1000;

export const PASSWORD_MIN_LENGTH = 10;
export const MFA_CODE_LENGTH = 6;

export const SEARCH_DEBOUNCE_MS = 500;
export const LIST_PAGE_SIZE = 100;
export const CALENDAR_TIMELINE_PAGE_SIZE = 100000;

export const CSV_CREATE_MAX_ROWS = 100;
export const CSV_BULK_UPDATE_MAX_ROWS = 10000;

export const COLUMN_MIN_WIDTH = 100;

export const GANTT_STEP_DAYS = 7;
export const CALENDAR_STEP_MONTHS = 1;
export const TIMELINE_MIN_DAYS_AHEAD = 30;
export const TIMELINE_DAYS_BACK = 7;
export const TIMELINE_CELL_WIDTH = 40;
/** Calendar splits days at this hour to grey out other months. */
export const CALENDAR_DAY_SPLIT = 15;
export const TIMELINE_FILL_STEP_DAYS = 3;
export const TIMELINE_FILL_LEG_DAYS = 2;

export const DETAIL_POLL_MS = 4000;
export const UNREAD_MARK_READ_DELAY_MS = 3000;
export const QUEUE_REFETCH_DELAY_MS = 1000;
export const DISPLAY_RESET_MS = 800;

export const NEWS_SHOWN = 3;
export const FILTER_SUGGESTIONS_CAP = 100;
/** Filter suggestion lists get a search box when over this many items. */
export const FILTER_SUGGESTIONS_SEARCH_OVER = 5;

export const MSC_AUTO_ARCHIVE_DAYS = 21;
/** Completion e-mail: trackings whose ETA is more than this away are archived one week after final ETA. */
export const COMPLETION_AUTO_ARCHIVE_WEEK_DAYS = 7;
export const DEFAULT_DAYS_TO_ARCHIVE_AFTER_DELIVERY = 7;
export const MIN_DAYS_TO_ARCHIVE_AFTER_DELIVERY = 1;

export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_ALLOWED_CONTENT_TYPES = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/tiff",
] as const;
export const ATTACHMENT_ALLOWED_EXTENSIONS = ["pdf", "png", "jpg", "jpeg", "gif", "tif", "tiff"] as const;
export type AttachmentContentType = (typeof ATTACHMENT_ALLOWED_CONTENT_TYPES)[number];
/** The content type each allowed extension stands for (the picker's, the upload claim's and the server's check). */
export const ATTACHMENT_CONTENT_TYPE_BY_EXTENSION: Readonly<
  Record<(typeof ATTACHMENT_ALLOWED_EXTENSIONS)[number], AttachmentContentType>
> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  tif: "image/tiff",
  tiff: "image/tiff",
};

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
/**
 * Attachment storage per company, by plan (files and uploads in progress together). The spec
 * gives no figures; these are the product's choice: the trial holds a few hundred documents, and
 * each paid plan about ten times what its tracking volume usually needs, so only abuse reaches them.
 */
export const ATTACHMENT_STORAGE_QUOTA_BYTES = {
  FREE: 1 * GIB,
  STARTER: 5 * GIB,
  STANDARD: 20 * GIB,
  PREMIUM: 100 * GIB,
  ENTERPRISE: 500 * GIB,
} as const satisfies Record<Plan, number>;
/**
 * What one person may upload through a company's share links, counted within that company: twenty
 * full-size files, plenty for a partner's documents and small beside any plan's quota.
 */
export const ATTACHMENT_GUEST_QUOTA_BYTES = 100 * MIB;
/** A quota as the messages show it ("1 GB", "100 MB"; binary units, as the spec's "5 MB"). */
export function storageQuotaLabel(bytes: number): string {
  return bytes % GIB === 0 ? `${bytes / GIB} GB` : `${Math.round(bytes / MIB)} MB`;
}
/**
 * "A file was shared with you" e-mails (spec 02 §4): one person may notify a full share list (100
 * addresses) an hour, and a company five times that a day. An address hears about one file at most
 * once a day, however often it is removed and added again.
 */
export const ATTACHMENT_SHARE_MAIL_LIMITS = {
  perSharer: { limit: 100, windowMs: 60 * 60 * 1000 },
  perCompany: { limit: 500, windowMs: 24 * 60 * 60 * 1000 },
  perRecipientAndFileMs: 24 * 60 * 60 * 1000,
} as const;

export const INVITE_MAX_EMAILS = 100;
export const INVITATION_VALID_DAYS = 7;
/** Invitations are by e-mail address since 24 April 2025; older 32-character links are legacy. */
export const LEGACY_INVITATION_TOKEN_LENGTH = 32;

/** A contract whose end year is above this is auto-renewing ('Current (auto update)'). */
export const AUTO_RENEW_END_YEAR = 3000;

export const DEFAULT_NOTIFICATION_THRESHOLD_HOURS = 3;
export const MIN_NOTIFICATION_THRESHOLD_HOURS = 1;
/** Notification modes besides a positive hour threshold. */
export const NOTIFY_ANY_CHANGE = 0;
export const NOTIFY_DATE_CHANGES_ONLY = -1;

export const DEFAULT_TEAM_NAME = "My Team";

export const SALES_CONTACT_BUSINESS_DAYS = 3;
export const TERMINATION_NOTICE_DAYS = 30;
export const PRO_RATA_MONTH_DAYS = 30;

/**
 * Spec 02 §9's prices, one list per currency so that a page never sets a dollar price beside a yen
 * one (English shows dollars, Japanese yen). The entry price is the spec's $380, whose yen notice is
 * ¥38,000; Premium and Enterprise are custom, as the spec says (decision:
 * docs/decisions/0013-price-currency.md). The API's monthly usage fee is free.
 */
export const PRICE_LIST = {
  USD: { standardMonthlyFrom: 380, apiInitial: 450 },
  JPY: { standardMonthlyFrom: 38000, apiInitial: 50000 },
} as const;
export type PriceCurrency = keyof typeof PRICE_LIST;
export type PriceItem = keyof (typeof PRICE_LIST)[PriceCurrency];

export const QUOTE_NUMBER_PREFIX = "MC-";

export const LOCAL_STORAGE_KEYS = {
  language: "lang",
  selectedTeam: "selectedTeamId",
} as const;

/**
 * Limits of the FREE trial contract created with a company. The spec gives no figures for the
 * trial; these are the product's choice, adjustable per company with the admin CLI.
 */
export const TRIAL_CONTRACT_LIMITS = { maxTrackings: 100, maxMembers: 5 } as const;
