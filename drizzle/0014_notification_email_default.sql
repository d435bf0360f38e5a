-- Accounts made before the notification address defaulted to the account's e-mail: an empty
-- address silently dropped every schedule-change e-mail they were subscribed to.
UPDATE "users" SET "notification_email" = "email" WHERE btrim("notification_email") = '';
