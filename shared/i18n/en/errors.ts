import type { ErrorCode } from "../../errors";

// Quoted spec wording is kept verbatim (punctuation included); where the spec gives no wording the
// text is ours. Params: {{email}}, {{invitedEmail}}, {{n}}, {{plan}}, {{liner}}, {{trackingType}},
// {{fields}}, {{seconds}}, {{minutes}}.
export const errors = {
  INTERNAL: "We are experiencing a server issue. Please try again later.",
  VALIDATION_FAILED: "Please check the highlighted fields.",
  NOT_FOUND: "Not found.",
  UNAUTHENTICATED: "Please sign in to continue.",
  SESSION_EXPIRED: "Your session has expired. Please sign in again",
  PERMISSION_DENIED: "You don't have permission to access this page.",
  UPGRADE_REQUIRED: "To use this feature, please upgrade.",
  NO_COMPANY: "You don't belong to any company. Please sign up or ask for an invitation.",
  RATE_LIMITED: "Too many attempts. Please wait {{seconds}} seconds and try again.",
  CSRF_REJECTED: "This request was refused because it did not come from this site.",
  SHIPMENT_NOT_FOUND: "We couldn't find the shipment.",
  SERVER_ISSUE: "We are experiencing a server issue. Please try again later.",
  SOMETHING_FAILED: "Something failed. Please try again later.",
  GRAPHQL_SYNTAX_ERROR: "The GraphQL document could not be parsed.",
  GRAPHQL_VALIDATION_FAILED: "The GraphQL document does not match the API schema.",
  GRAPHQL_QUERY_TOO_COMPLEX:
    "The query is too large or too complex. Ask for fewer fields, aliases or nesting levels per request.",
  GRAPHQL_BATCH_NOT_SUPPORTED: "Batched queries are not supported. Send one operation per request.",
  GRAPHQL_CSRF_REJECTED:
    "This request was refused as a possible cross-site request. Send it with Content-Type: application/json.",
  GRAPHQL_REQUEST_MALFORMED:
    'This is not a GraphQL request. Send a JSON object with the GraphQL document as a string in "query".',
  PERSISTED_QUERY_NOT_FOUND: "PersistedQueryNotFound",
  PERSISTED_QUERY_NOT_SUPPORTED: "PersistedQueryNotSupported",

  INVALID_CREDENTIALS: "The email address or password is incorrect.",
  WRONG_CURRENT_PASSWORD: "The current password is incorrect.",
  WEAK_PASSWORD:
    "Password should contain at least one lowercase letter, one uppercase letter, one digit, with a minimum length of 10 characters.",
  EMAIL_ALREADY_REGISTERED: "This email address is already registered. Please sign in instead.",
  EMAIL_NOT_VERIFIED: "Please verify your email address to continue.",
  INVALID_TOKEN: "Invalid Token. Please try again",
  PASSWORD_RESET_TOKEN_INVALID:
    "This password reset link is invalid or has expired. Please request a new one.",
  MFA_REQUIRED: "Please enter the 6-digit code from your authenticator app.",
  MFA_CODE_INVALID: "The authentication code is incorrect. Please try again.",
  MFA_LOCKED: "Too many incorrect codes. Please wait {{minutes}} minute(s) and try again.",
  MFA_NOT_SET_UP: "Multi-factor authentication has not been set up yet.",
  MFA_ALREADY_ENABLED: "Multi-factor authentication is already enabled.",
  MFA_CODE_ALREADY_USED:
    "This code has already been used. Please wait for the next code from your authenticator app.",
  RECENT_SIGN_IN_REQUIRED:
    "For your security, please enter your current password (or sign out and sign in again) to change multi-factor authentication.",
  THIRD_PARTY_TOKEN_INVALID: "Your sign-in could not be confirmed or has expired. Please sign in again.",
  THIRD_PARTY_EMAIL_NOT_VERIFIED:
    "The email address of this account has not been verified by its provider. Please verify it there or use another account.",
  THIRD_PARTY_UNAVAILABLE: "We couldn't reach the sign-in service. Please try again later.",
  THIRD_PARTY_NOT_CONFIGURED: "Sign-in with this service is not available.",
  UNSUBSCRIBE_TOKEN_INVALID: "This unsubscribe link is invalid or has already been used.",
  UnableToGetUserSession: "You are not signed in.",
  EMAIL_VERIFICATION_TOKEN_INVALID:
    "This verification link is invalid, has expired or has already been used. Please send a new verification email.",
  SSO_REDIRECT_NOT_ALLOWED: "This help link does not lead to one of our sites.",
  LAST_ADMIN_CANNOT_DELETE_ACCOUNT:
    "You are the only administrator of your company. Make another member an administrator before deleting your account.",
  TRIAL_CANCEL_NOT_ALLOWED:
    "Your company has already been approved, so the trial can no longer be cancelled. To close the company, delete it from the company settings.",
  CONFIRMATION_REQUIRED: "Please check the above.",

  COMPANY_CREATION_FAILED: "Failed to create company",
  COMPANY_ALREADY_EXISTS: "You already belong to a company.",
  COMPANY_NOT_APPROVED: "Your company is waiting for approval. We will contact you once it is approved.",
  TRIAL_ENDED:
    "Your free trial has ended. Please upgrade your plan or contact support to continue using the service.",
  CONTRACT_ENDED:
    "Your contract has ended. You can still see your shipments, but adding, updating or refreshing them needs a plan. Please choose a plan on Plan and Payment.",
  COMPANY_DELETE_FREE_ONLY: "The company account can be deleted only on the Free plan.",
  HEADQUARTERS_PREMIUM_ONLY: "The headquarters view is available only on the Premium and Enterprise plans.",
  CUSTOM_FIELDS_PREMIUM_ONLY: "Custom fields are only available on the Premium and Enterprise plans.",
  API_REQUIRES_PAID_PLAN: "The API is not available on the Free plan. Please upgrade to use the API.",
  API_NOT_APPROVED: "API use has not been approved for your company yet.",
  API_TOKEN_INVALID:
    "The API token is wrong or no longer valid. Check the Authorization header, or generate a new key on the API Settings page.",
  API_RATE_LIMITED: "Too many API requests. Please wait {{seconds}} seconds and try again.",
  SESSION_REQUIRED: "This action needs a signed-in console session. It cannot be done with an API token.",
  MEMBER_LIMIT_REACHED: "You have reached maximum members. Please upgrade to invite more members.",
  TRACKING_LIMIT_REACHED: "You have reached maximum trackings. Please upgrade to track more shipments.",

  INVITATION_LEGACY: "This invitation link is no longer valid",
  INVITATION_NOT_FOUND: "The invitation code is wrong. Please check URL.",
  INVITATION_EXPIRED: "Invitation has expired. Please ask the administrator to re-invite you.",
  INVITATION_NOT_PENDING: "This invitation has already been accepted.",
  INVITATION_EMAIL_MISMATCH: "Please use the email address that was invited ({{email}})",
  GOOGLE_EMAIL_MISMATCH:
    "The email you're signing in with ({{email}}) doesn't match the invited email ({{invitedEmail}}). Please use the correct Google account.",
  INVITATION_DOMAIN_NOT_ALLOWED:
    "The email address {{email}} is not in a domain allowed for your company ({{domains}}).",
  ALREADY_MEMBER: "{{email}} is already a member.",
  INVITATION_NOT_POSSIBLE:
    "{{email}} cannot be invited. Please check the address or ask the person to contact you.",
  TEAM_NOT_FOUND: "We couldn't find the team.",
  TEAM_ARCHIVED: "This team is archived.",
  CANNOT_LEAVE_ONLY_TEAM: "You can't leave your only team.",
  CANNOT_CHANGE_OWN_ROLE: "You can't change your own role.",
  LAST_ADMIN: "The company needs at least one administrator.",
  GUEST_ALREADY_ADDED: "{{email}} is already a guest user of this team.",
  INVITATION_NO_SEAT:
    "This company has no free seat for a new member right now. Please ask its administrator to free a seat or upgrade the plan, then open the invitation again.",
  INVITATION_HAS_COMPANY:
    "You already belong to a company, so this invitation can't be accepted with this account. Please ask for an invitation to another e-mail address.",
  INVITATION_SIGN_IN_TO_ACCEPT:
    "An account for {{email}} already exists. Please sign in to it to accept the invitation.",
  INVITATIONS_TO_ADDRESS_LIMITED:
    "Too many invitations have been sent to {{email}} recently. Please try again in {{minutes}} minutes.",
  INVITATIONS_FROM_COMPANY_LIMITED:
    "Your company has sent too many invitations recently. Please try again in {{minutes}} minutes.",
  TEAM_JOIN_NOT_ALLOWED: "Please ask an administrator or a manager of this team to add you.",

  CYBERPORT_NOT_ENABLED:
    "The port-community integration is not enabled for this team. An administrator can enable it.",
  CYBERPORT_CREDENTIALS_INCOMPLETE: "Please register all five port-community credentials before importing.",
  CYBERPORT_IMPORT_IN_PROGRESS: "An import is already running for this team. Please wait until it finishes.",
  CYBERPORT_NOT_CONFIGURED: "The port-community integration is not available on this server.",
  CYBERPORT_BAD_CREDENTIALS:
    "The port-community system refused the credentials. Please check the login username, login password, app ID, client ID and client secret.",
  CYBERPORT_UNAVAILABLE:
    "The port-community system could not be reached or gave an unexpected answer. Please try again later.",
  CYBERPORT_BOOKING_INVALID: "The booking has no usable tracking number.",
  CYBERPORT_BOOKING_NO_LINE:
    "The booking names no shipping line, and its number does not show which line it is. Please add the shipment with its shipping line.",
  CYBERPORT_IMPORT_INTERRUPTED: "The import was interrupted. Please trigger it again.",

  MALFORMED_REQUEST: "The request could not be read. Please reload the page and try again.",
  PAYLOAD_TOO_LARGE: "The request is too large.",
  UNSUPPORTED_MEDIA_TYPE: "This type of request content is not supported.",

  INVALID_TRACKING_NUMBER: "Invalid tracking number format. Please check the number.",
  TRACKING_TYPE_INFERENCE_FAILED: "Failed to infer tracking types.",
  TRACKING_TYPE_NOT_SUPPORTED: "This tracking type is not available for the selected liner.",
  SHIPMENT_RETRIEVAL_FAILED:
    "We couldn't retrieve the shipment information. Please check that the liner, tracking type and tracking number are correct.",
  DUPLICATE_TRACKING_NUMBER: "This tracking number is already registered.",
  CONTAINER_CHECK_DIGIT_MISMATCH: "The check digit does not match: please check the number",

  ATTACHMENT_NOT_FOUND: "We couldn't find the file.",
  ATTACHMENT_DOWNLOAD_URL_FAILED: "Failed to get download URL",
  ATTACHMENT_TOO_LARGE: "{{n}} file(s) exceeded the maximum size of 5 MB",
  ATTACHMENT_TYPE_NOT_ALLOWED:
    "This file type is not allowed. Only PDF, PNG, JPEG, GIF, and TIF files are allowed.",
  ATTACHMENT_SELECTION_FAILED: "Some files could not be selected. Please try again.",
  ATTACHMENT_UPLOAD_PARTIAL_FAILED: "{{n}} file(s) failed to upload",
  ATTACHMENT_UPLOAD_FAILED: "Failed to upload files",
  ATTACHMENT_DOWNLOAD_FAILED: "Failed to download file",
  CONNECT_NOT_ENABLED: "File sharing is not enabled for your company.",
  ATTACHMENT_CONTENT_MISMATCH:
    "The file's content does not match its name: {{filename}} is not really a {{extension}} file. Please check the file (an image renamed to .pdf, for example) and choose the right one.",
  ATTACHMENT_NOT_RECEIVED: "The file did not arrive. Please upload it again.",
  ATTACHMENT_STORAGE_FULL:
    "Your company's file storage is full ({{quota}} on your plan). Please delete files you no longer need or upgrade your plan.",
  ATTACHMENT_SHARED_STORAGE_FULL:
    "The file storage of the company that shared this shipment is full. Please ask them to make room, or send the file another way.",
  ATTACHMENT_GUEST_QUOTA_REACHED:
    "You have used up your upload allowance for this company's shared shipments ({{quota}}). Please delete files you uploaded that are no longer needed, or send the file another way.",
  ATTACHMENT_SHARE_MAILS_FROM_SENDER_LIMITED:
    "You have sent too many file-sharing e-mails recently. Please try again in {{minutes}} minutes, or save without sending a notification.",
  ATTACHMENT_SHARE_MAILS_FROM_COMPANY_LIMITED:
    "Your company has sent too many file-sharing e-mails recently. Please try again in {{minutes}} minutes, or save without sending a notification.",

  CSV_NOT_CSV_FILE: "Please choose a file with the .csv extension.",
  CSV_HEADER_REQUIRED: "The CSV file must start with a header row.",
  CSV_TOO_MANY_SHIPMENTS:
    "You cannot register more than 100 shipments at once. Please split the CSV file and try again.",
  CSV_TOO_MANY_ROWS: "CSV file contains too many rows. Maximum allowed is 10,000 rows.",
  CSV_PARSE_ERROR: "CSV parse error. Please check the format of this line.",
  CSV_REQUIRED_FIELDS_EMPTY: "Required fields are empty: {{fields}}",
  CSV_INVALID_LINER: "Invalid liner name: {{liner}}",
  CSV_INVALID_TRACKING_TYPE: "Invalid tracking type: {{trackingType}}",
  CSV_SHIPMENT_ID_REQUIRED: "ShipmentId is required for bulk update",
  CSV_INVALID_SHIPMENT_ID: "Invalid ShipmentId format (must be UUID)",
  CSV_INVALID_REQUESTED_ETD: "Invalid RequestedEtd format (must be YYYY-MM-DD or YYYY/MM/DD)",
  CSV_INVALID_REQUESTED_ETA: "Invalid RequestedEta format (must be YYYY-MM-DD or YYYY/MM/DD)",
  CSV_CUSTOM_FIELDS_NOT_AVAILABLE:
    "Custom fields are not available for plan {{plan}}. Please upgrade to Premium or Enterprise plan",
  UPGRADE_START_DATE_PAST: "The desired start date cannot be in the past.",
  UPGRADE_ALREADY_CONTRACTED:
    "Your company already has a current or upcoming paid contract. Please contact sales to change it.",
  CARD_PAYMENT_UNAVAILABLE: "Card payment is not available right now. Please choose bank transfer instead.",
  CARD_PAYMENT_NOT_CONFIGURED:
    "Card payment is not available. Please choose bank transfer on the upgrade form instead.",
  NO_PENDING_CARD_UPGRADE:
    "There is no card upgrade waiting for payment. Please fill in the upgrade form first.",
  CHECKOUT_NOT_FOUND: "We couldn't find this payment. Please start the upgrade again.",
  CHECKOUT_NOT_COMPLETED: "The payment has not been completed yet.",
  BILLING_PORTAL_UNAVAILABLE: "This company has no card payment account yet.",
  PAYMENT_SIGNATURE_INVALID: "The payment notification could not be verified.",
  UPGRADE_REQUEST_PENDING:
    "Your upgrade request is already with our sales team. They will contact you within {{days}} business days.",
  UPGRADE_REQUEST_NOT_FOUND: "No upgrade request found for {{id}}.",
  UPGRADE_REQUEST_DECIDED: "This upgrade request was already decided ({{status}}).",
  UPGRADE_REQUEST_CARD: "A card upgrade starts when its checkout completes; it cannot be accepted here.",
  UPGRADE_CONTRACT_START_PAST: "The contract must start in the future (after {{now}}).",
  WEBHOOK_URL_INVALID: "Please enter a valid URL, such as https://example.com/webhooks.",
  WEBHOOK_URL_HTTPS_REQUIRED: "The webhook URL must start with https://.",
  WEBHOOK_URL_CREDENTIALS: "The webhook URL must not contain a user name or password.",
  WEBHOOK_URL_PRIVATE_ADDRESS:
    "The webhook URL points to a private or reserved network address. Please use a public address.",
  WEBHOOK_NOT_CONFIGURED: "Please save a webhook URL first.",
  WEBHOOK_DELIVERY_NOT_FOUND: "This webhook delivery was not found.",
  CALENDAR_FEED_NOT_FOUND:
    "This calendar address no longer works. Please subscribe again from Notification Settings.",
  CALENDAR_FEED_NONE: "You have no calendar address yet. Please subscribe first.",
  CALENDAR_FEED_RATE_LIMITED:
    "This calendar is being refreshed too often. Please wait {{seconds}} seconds and try again.",
  LIVE_STREAMS_LIMITED:
    "Too many open pages are receiving live updates. Close some tabs; this page will refresh every few seconds instead.",
} satisfies Record<ErrorCode, string>;
