CREATE TYPE "public"."attachment_content_type" AS ENUM('application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/tiff');--> statement-breakpoint
CREATE TYPE "public"."company_approval_state" AS ENUM('PENDING', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."contract_period" AS ENUM('YEARLY', 'MONTHLY');--> statement-breakpoint
CREATE TYPE "public"."contract_status" AS ENUM('IN_TRIAL', 'CHURN', 'WAITING_CONTRACT', 'ACTIVE');--> statement-breakpoint
CREATE TYPE "public"."history_status" AS ENUM('success', 'failed');--> statement-breakpoint
CREATE TYPE "public"."invitation_status" AS ENUM('INVITED', 'JOINED');--> statement-breakpoint
CREATE TYPE "public"."language" AS ENUM('en', 'ja');--> statement-breakpoint
CREATE TYPE "public"."one_time_token_purpose" AS ENUM('EMAIL_VERIFICATION', 'PASSWORD_RESET');--> statement-breakpoint
CREATE TYPE "public"."outbound_email_status" AS ENUM('PENDING', 'SENT', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('UNKNOWN', 'CARD', 'BANK_TRANSFER');--> statement-breakpoint
CREATE TYPE "public"."plan" AS ENUM('FREE', 'STARTER', 'STANDARD', 'PREMIUM', 'ENTERPRISE');--> statement-breakpoint
CREATE TYPE "public"."queue_status" AS ENUM('SLEEPING', 'WAITING', 'FETCHING');--> statement-breakpoint
CREATE TYPE "public"."request_status" AS ENUM('SUBMITTED', 'ACCEPTED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('ADMIN', 'MANAGER', 'OPERATOR', 'READONLY');--> statement-breakpoint
CREATE TYPE "public"."shipment_change_kind" AS ENUM('ETD', 'ETA', 'PLACE_OF_DELIVERY_ETA', 'VESSEL', 'TRANSHIPMENT', 'ARRIVAL', 'DELIVERY');--> statement-breakpoint
CREATE TYPE "public"."shipping_line" AS ENUM('ANL', 'CKLINE', 'CMACGM', 'CNC', 'COSCO', 'DONGJIN', 'DONGYOUNG', 'DSV', 'EUKOR', 'EVERGREEN', 'EXPEDITORS', 'HAMBURGSUD', 'HAPAGLLOYD', 'HEUNGA', 'HMM', 'HOEGH', 'INTERASIA', 'JJ', 'KAMBARA', 'KLINE', 'KMTC', 'KUEHNENAGEL', 'MAERSK', 'MOL', 'MSC', 'MSSCO', 'NAMSUNG', 'NYK', 'ONE', 'OOCL', 'PANCON', 'PANOCEAN', 'PIL', 'SEALAND', 'SINOKOR', 'SINOTRANS', 'SITC', 'STOLT', 'SWIRE', 'TSLINE', 'WALLENIUS', 'WANHAI', 'WESTWOOD', 'YANGMING', 'YUSEN', 'ZIM');--> statement-breakpoint
CREATE TYPE "public"."subscription_setting" AS ENUM('ALL', 'ONLYMINE', 'NONE');--> statement-breakpoint
CREATE TYPE "public"."time_status" AS ENUM('ACTUAL', 'ESTIMATED', 'UNKNOWN');--> statement-breakpoint
CREATE TYPE "public"."tracking_type" AS ENUM('BOOKING_NUMBER', 'CONTAINER_NUMBER', 'BILL_OF_LADING_NUMBER');--> statement-breakpoint
CREATE TYPE "public"."tranship_notification_behavior" AS ENUM('ALL', 'ONLY_LAST_VESSEL');--> statement-breakpoint
CREATE TYPE "public"."visibility_scope" AS ENUM('INTERNAL_ONLY', 'LIMITED_SHARING');--> statement-breakpoint
CREATE TYPE "public"."webhook_delivery_status" AS ENUM('PENDING', 'DELIVERED', 'FAILED');--> statement-breakpoint
CREATE TABLE "attachment_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attachment_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" "attachment_content_type" NOT NULL,
	"file_size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"uploaded_by_guest_email" text,
	"visibility_scope" "visibility_scope" DEFAULT 'INTERNAL_ONLY' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	CONSTRAINT "attachments_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "attachments_file_size_bytes_range" CHECK ("attachments"."file_size_bytes" between 1 and 5242880)
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" "one_time_token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_buckets_count_non_negative" CHECK ("rate_limit_buckets"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"secret_hash" "bytea" NOT NULL,
	"is_multi_factor_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_application_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"requested_by_user_id" uuid,
	"team_id" uuid,
	"email" text NOT NULL,
	"status" "request_status" DEFAULT 'SUBMITTED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"plan" "plan" NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"max_trackings" integer NOT NULL,
	"max_members" integer NOT NULL,
	"contract_period" "contract_period",
	"payment_method" "payment_method" DEFAULT 'UNKNOWN' NOT NULL,
	"quote_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_max_trackings_non_negative" CHECK ("contracts"."max_trackings" >= 0),
	CONSTRAINT "contracts_max_members_non_negative" CHECK ("contracts"."max_members" >= 0),
	CONSTRAINT "contracts_ends_after_start" CHECK ("contracts"."ends_at" > "contracts"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "upgrade_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"requested_by_user_id" uuid,
	"plan" "plan" NOT NULL,
	"company_name" text NOT NULL,
	"company_address" text NOT NULL,
	"company_tel" text NOT NULL,
	"person_in_charge" text NOT NULL,
	"work_email" text NOT NULL,
	"email_for_invoice" text NOT NULL,
	"quote_number" text NOT NULL,
	"accept_tos" boolean NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"contract_period" "contract_period" NOT NULL,
	"desired_start_date" date NOT NULL,
	"remarks" text,
	"is_api_enabled" boolean DEFAULT false NOT NULL,
	"max_trackings" integer NOT NULL,
	"max_members" integer NOT NULL,
	"status" "request_status" DEFAULT 'SUBMITTED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upgrade_requests_tos_accepted" CHECK ("upgrade_requests"."accept_tos"),
	CONSTRAINT "upgrade_requests_max_trackings_non_negative" CHECK ("upgrade_requests"."max_trackings" >= 0),
	CONSTRAINT "upgrade_requests_max_members_non_negative" CHECK ("upgrade_requests"."max_members" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_name_not_blank" CHECK (btrim("saved_searches"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"company_address" text,
	"person_in_charge" text,
	"work_email" text NOT NULL,
	"email_for_invoice" text,
	"approval_state" "company_approval_state" DEFAULT 'PENDING' NOT NULL,
	"approved_at" timestamp with time zone,
	"is_headquarter_enabled" boolean DEFAULT false NOT NULL,
	"is_connect_enabled" boolean DEFAULT false NOT NULL,
	"is_api_enabled" boolean DEFAULT false NOT NULL,
	"is_container_event_enabled" boolean DEFAULT false NOT NULL,
	"allow_tracking_num_duplication" boolean DEFAULT false NOT NULL,
	"payment_customer_id" text,
	"has_payment_customer" boolean GENERATED ALWAYS AS (payment_customer_id is not null) STORED NOT NULL,
	"contract_status" "contract_status" DEFAULT 'IN_TRIAL' NOT NULL,
	"allowed_invitation_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"trial_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_payment_customer_id_unique" UNIQUE("payment_customer_id")
);
--> statement-breakpoint
CREATE TABLE "company_role_names" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"role" "role" NOT NULL,
	CONSTRAINT "roles_role_unique" UNIQUE("role")
);
--> statement-breakpoint
CREATE TABLE "invitation_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invitation_id" uuid NOT NULL,
	"team_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role_id" uuid NOT NULL,
	"invitation_status" "invitation_status" DEFAULT 'INVITED' NOT NULL,
	"invitation_token_hash" text NOT NULL,
	"invitation_expire_at" timestamp with time zone NOT NULL,
	"invited_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_invitation_token_hash_unique" UNIQUE("invitation_token_hash")
);
--> statement-breakpoint
CREATE TABLE "outbound_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"to" text[] NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"template" text NOT NULL,
	"language" "language" NOT NULL,
	"status" "outbound_email_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_emails_has_recipient" CHECK (cardinality("outbound_emails"."to") > 0),
	CONSTRAINT "outbound_emails_attempts_non_negative" CHECK ("outbound_emails"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"shipment_id" uuid,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"owner_user_id" uuid,
	"title" text,
	"remark" text,
	"tracking_number" text NOT NULL,
	"tracking_type" "tracking_type" NOT NULL,
	"shipping_line" "shipping_line" NOT NULL,
	"archived_at" timestamp with time zone,
	"is_archived" boolean GENERATED ALWAYS AS (archived_at is not null) STORED NOT NULL,
	"is_failing" boolean DEFAULT false NOT NULL,
	"failed_reason" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"queue_status" "queue_status" DEFAULT 'SLEEPING' NOT NULL,
	"last_scraped_at" timestamp with time zone,
	"next_refresh_at" timestamp with time zone DEFAULT now(),
	"ais_updated_at" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"share_token" text NOT NULL,
	"custom_field1" text,
	"custom_field2" text,
	"custom_field3" text,
	"requested_etd" date,
	"requested_eta" date,
	"initial_etd" timestamp with time zone,
	"initial_eta" timestamp with time zone,
	"delay_days" integer,
	"etd_delay_days" integer,
	"requested_eta_delay_days" integer,
	"requested_etd_delay_days" integer,
	"predicted_arrival_at" timestamp with time zone,
	"latest_history_id" uuid,
	"search_text" text GENERATED ALWAYS AS (coalesce(title, '') || ' ' || coalesce(remark, '') || ' ' || tracking_number || ' ' || coalesce(custom_field1, '') || ' ' || coalesce(custom_field2, '') || ' ' || coalesce(custom_field3, '')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_share_token_unique" UNIQUE("share_token"),
	CONSTRAINT "shipments_id_company_id_unique" UNIQUE("id","company_id"),
	CONSTRAINT "shipments_consecutive_failures_non_negative" CHECK ("shipments"."consecutive_failures" >= 0),
	CONSTRAINT "shipments_latitude_range" CHECK ("shipments"."latitude" between -90 and 90),
	CONSTRAINT "shipments_longitude_range" CHECK ("shipments"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_guest_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"invitation_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_guest_users_invitation_token_hash_unique" UNIQUE("invitation_token_hash")
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#4a90e2' NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"days_to_archive_after_delivery" integer DEFAULT 7 NOT NULL,
	"enable_initial_etd" boolean DEFAULT false NOT NULL,
	"enable_requested_etd" boolean DEFAULT false NOT NULL,
	"enable_initial_eta" boolean DEFAULT false NOT NULL,
	"enable_requested_eta" boolean DEFAULT false NOT NULL,
	"custom_field1_name" text,
	"custom_field2_name" text,
	"custom_field3_name" text,
	"custom_field1_enabled" boolean DEFAULT false NOT NULL,
	"custom_field2_enabled" boolean DEFAULT false NOT NULL,
	"custom_field3_enabled" boolean DEFAULT false NOT NULL,
	"cyberport_login_username" text,
	"cyberport_login_password" text,
	"cyberport_app_id" text,
	"cyberport_client_id" text,
	"cyberport_client_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_id_company_id_unique" UNIQUE("id","company_id"),
	CONSTRAINT "teams_days_to_archive_after_delivery_min" CHECK ("teams"."days_to_archive_after_delivery" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ais_vessel_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mmsi" text NOT NULL,
	"imo" text,
	"name" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"sog" double precision,
	"cog" double precision,
	"heading" double precision,
	"reported_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history_containers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"history_id" uuid NOT NULL,
	"container_number" text NOT NULL,
	"gross_weight_kilograms" double precision,
	"size_type" text,
	"size_type_original" text,
	"empty_container_released_to_shipper_time" timestamp with time zone,
	"gate_in_time" timestamp with time zone,
	"gate_out_time" timestamp with time zone,
	"empty_container_returned_from_customer_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "history_vessels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"history_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"vessel_name" text,
	"imo" text,
	"mmsi" text,
	"voyage" text,
	"loading_port_locode" text,
	"loading_port_name" text,
	"discharging_port_locode" text,
	"discharging_port_name" text,
	"departure_time" timestamp with time zone,
	"departure_time_status" time_status,
	"arrival_time" timestamp with time zone,
	"arrival_time_status" time_status
);
--> statement-breakpoint
CREATE TABLE "shipment_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"history_id" uuid,
	"kind" "shipment_change_kind" NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_histories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"status" "history_status" NOT NULL,
	"failed_reason" text,
	"place_of_receipt_locode" text,
	"place_of_receipt_name" text,
	"loading_port_locode" text,
	"loading_port_name" text,
	"discharging_port_locode" text,
	"discharging_port_name" text,
	"place_of_delivery_locode" text,
	"place_of_delivery_name" text,
	"departure_time" timestamp with time zone,
	"departure_time_status" time_status,
	"arrival_time" timestamp with time zone,
	"arrival_time_status" time_status,
	"place_of_delivery_eta" timestamp with time zone,
	"place_of_delivery_eta_status" time_status,
	"vessel_voyage" text,
	"container_size_type" text,
	"container_gross_weight_sum" double precision,
	"snapshot_hash" text,
	"raw_payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"nickname" text NOT NULL,
	"color" text DEFAULT '#4a90e2' NOT NULL,
	"language" "language" DEFAULT 'en' NOT NULL,
	"password_hash" text,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"totp_secret" text,
	"is_multi_factor_enabled" boolean DEFAULT false NOT NULL,
	"totp_last_accepted_step" integer,
	"mfa_failed_attempts" integer DEFAULT 0 NOT NULL,
	"mfa_locked_until" timestamp with time zone,
	"company_id" uuid,
	"role_id" uuid,
	"notification_email" text DEFAULT '' NOT NULL,
	"min_update_interval_hours_etd" integer DEFAULT 3 NOT NULL,
	"min_update_interval_hours_eta" integer DEFAULT 3 NOT NULL,
	"min_update_interval_hours_place_of_delivery_eta" integer DEFAULT 3 NOT NULL,
	"tranship_notification_behavior" "tranship_notification_behavior" DEFAULT 'ALL' NOT NULL,
	"subscription_setting_for_new_shipment" "subscription_setting" DEFAULT 'ALL' NOT NULL,
	"is_completion_email_enabled" boolean DEFAULT true NOT NULL,
	"includes_remark_to_email" boolean DEFAULT false NOT NULL,
	"includes_custom_field1_to_email" boolean DEFAULT false NOT NULL,
	"includes_custom_field2_to_email" boolean DEFAULT false NOT NULL,
	"includes_custom_field3_to_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_mfa_failed_attempts_non_negative" CHECK ("users"."mfa_failed_attempts" >= 0),
	CONSTRAINT "users_min_update_interval_hours_etd_valid" CHECK ("users"."min_update_interval_hours_etd" >= -1),
	CONSTRAINT "users_min_update_interval_hours_eta_valid" CHECK ("users"."min_update_interval_hours_eta" >= -1),
	CONSTRAINT "users_min_update_interval_hours_place_of_delivery_eta_valid" CHECK ("users"."min_update_interval_hours_place_of_delivery_eta" >= -1)
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "webhook_delivery_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_code" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_attempts_non_negative" CHECK ("webhook_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "attachment_shares" ADD CONSTRAINT "attachment_shares_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_shipment_fk" FOREIGN KEY ("shipment_id","company_id") REFERENCES "public"."shipments"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_application_requests" ADD CONSTRAINT "api_application_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_application_requests" ADD CONSTRAINT "api_application_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_application_requests" ADD CONSTRAINT "api_application_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD CONSTRAINT "upgrade_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD CONSTRAINT "upgrade_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_shipment_fk" FOREIGN KEY ("shipment_id","company_id") REFERENCES "public"."shipments"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reads" ADD CONSTRAINT "comment_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reads" ADD CONSTRAINT "comment_reads_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_shipment_fk" FOREIGN KEY ("shipment_id","company_id") REFERENCES "public"."shipments"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_team_fk" FOREIGN KEY ("team_id","company_id") REFERENCES "public"."teams"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_role_names" ADD CONSTRAINT "company_role_names_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_role_names" ADD CONSTRAINT "company_role_names_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_teams" ADD CONSTRAINT "invitation_teams_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_teams" ADD CONSTRAINT "invitation_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_latest_history_id_shipment_histories_id_fk" FOREIGN KEY ("latest_history_id") REFERENCES "public"."shipment_histories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_team_fk" FOREIGN KEY ("team_id","company_id") REFERENCES "public"."teams"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_guest_users" ADD CONSTRAINT "team_guest_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_guest_users" ADD CONSTRAINT "team_guest_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_guest_users" ADD CONSTRAINT "team_guest_users_team_fk" FOREIGN KEY ("team_id","company_id") REFERENCES "public"."teams"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_fk" FOREIGN KEY ("team_id","company_id") REFERENCES "public"."teams"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_containers" ADD CONSTRAINT "history_containers_history_id_shipment_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."shipment_histories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_vessels" ADD CONSTRAINT "history_vessels_history_id_shipment_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."shipment_histories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_changes" ADD CONSTRAINT "shipment_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_changes" ADD CONSTRAINT "shipment_changes_history_id_shipment_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."shipment_histories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_changes" ADD CONSTRAINT "shipment_changes_shipment_fk" FOREIGN KEY ("shipment_id","company_id") REFERENCES "public"."shipments"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_histories" ADD CONSTRAINT "shipment_histories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_histories" ADD CONSTRAINT "shipment_histories_shipment_fk" FOREIGN KEY ("shipment_id","company_id") REFERENCES "public"."shipments"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_shares_attachment_email_unique" ON "attachment_shares" USING btree ("attachment_id",lower("email"));--> statement-breakpoint
CREATE INDEX "attachment_shares_email_lower_idx" ON "attachment_shares" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "attachments_shipment_id_created_at_index" ON "attachments" USING btree ("shipment_id","created_at");--> statement-breakpoint
CREATE INDEX "attachments_uploaded_by_user_id_index" ON "attachments" USING btree ("uploaded_by_user_id");--> statement-breakpoint
CREATE INDEX "audit_logs_created_at_index" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_target_index" ON "audit_logs" USING btree ("target");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_id_purpose_index" ON "one_time_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "one_time_tokens_expires_at_index" ON "one_time_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_buckets_reset_at_index" ON "rate_limit_buckets" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_index" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_provider_subject_index" ON "user_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_id_index" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "api_application_requests_company_id_created_at_index" ON "api_application_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "api_application_requests_status_index" ON "api_application_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "contracts_company_id_starts_at_index" ON "contracts" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE INDEX "upgrade_requests_company_id_created_at_index" ON "upgrade_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "upgrade_requests_status_index" ON "upgrade_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "activities_shipment_id_created_at_index" ON "activities" USING btree ("shipment_id","created_at");--> statement-breakpoint
CREATE INDEX "activities_actor_user_id_index" ON "activities" USING btree ("actor_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_reads_user_id_shipment_id_index" ON "comment_reads" USING btree ("user_id","shipment_id");--> statement-breakpoint
CREATE INDEX "comment_reads_shipment_id_index" ON "comment_reads" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "comments_shipment_id_created_at_index" ON "comments" USING btree ("shipment_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_user_id_index" ON "comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_id_team_id_index" ON "saved_searches" USING btree ("user_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_role_names_company_id_role_id_index" ON "company_role_names" USING btree ("company_id","role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_teams_invitation_id_team_id_index" ON "invitation_teams" USING btree ("invitation_id","team_id");--> statement-breakpoint
CREATE INDEX "invitation_teams_team_id_index" ON "invitation_teams" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_open_email_unique" ON "invitations" USING btree ("company_id",lower("email")) WHERE "invitations"."invitation_status" = 'INVITED';--> statement-breakpoint
CREATE INDEX "invitations_company_id_invitation_status_index" ON "invitations" USING btree ("company_id","invitation_status");--> statement-breakpoint
CREATE INDEX "outbound_emails_status_created_at_index" ON "outbound_emails" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "outbound_emails_company_id_index" ON "outbound_emails" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "notifications_user_id_created_at_index" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_shipment_id_index" ON "notifications" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_id_shipment_id_index" ON "favorites" USING btree ("user_id","shipment_id");--> statement-breakpoint
CREATE INDEX "favorites_shipment_id_index" ON "favorites" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipments_company_id_team_id_is_archived_index" ON "shipments" USING btree ("company_id","team_id","is_archived");--> statement-breakpoint
CREATE INDEX "shipments_shipping_line_is_archived_next_refresh_at_index" ON "shipments" USING btree ("shipping_line","is_archived","next_refresh_at");--> statement-breakpoint
CREATE INDEX "shipments_tracking_number_index" ON "shipments" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "shipments_company_id_shipping_line_tracking_number_index" ON "shipments" USING btree ("company_id","shipping_line","tracking_number");--> statement-breakpoint
CREATE INDEX "shipments_owner_user_id_index" ON "shipments" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "shipments_search_text_trgm_idx" ON "shipments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_id_shipment_id_index" ON "subscriptions" USING btree ("user_id","shipment_id");--> statement-breakpoint
CREATE INDEX "subscriptions_shipment_id_index" ON "subscriptions" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_guest_users_team_email_unique" ON "team_guest_users" USING btree ("team_id",lower("email"));--> statement-breakpoint
CREATE INDEX "team_guest_users_email_lower_idx" ON "team_guest_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "team_guest_users_user_id_index" ON "team_guest_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_team_id_user_id_index" ON "team_members" USING btree ("team_id","user_id");--> statement-breakpoint
CREATE INDEX "team_members_user_id_index" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teams_company_id_is_archived_index" ON "teams" USING btree ("company_id","is_archived");--> statement-breakpoint
CREATE UNIQUE INDEX "ais_vessel_positions_mmsi_reported_at_index" ON "ais_vessel_positions" USING btree ("mmsi","reported_at");--> statement-breakpoint
CREATE INDEX "ais_vessel_positions_imo_reported_at_index" ON "ais_vessel_positions" USING btree ("imo","reported_at");--> statement-breakpoint
CREATE INDEX "history_containers_history_id_index" ON "history_containers" USING btree ("history_id");--> statement-breakpoint
CREATE INDEX "history_containers_container_number_index" ON "history_containers" USING btree ("container_number");--> statement-breakpoint
CREATE UNIQUE INDEX "history_vessels_history_id_sequence_index" ON "history_vessels" USING btree ("history_id","sequence");--> statement-breakpoint
CREATE INDEX "shipment_changes_shipment_id_created_at_index" ON "shipment_changes" USING btree ("shipment_id","created_at");--> statement-breakpoint
CREATE INDEX "shipment_changes_history_id_index" ON "shipment_changes" USING btree ("history_id");--> statement-breakpoint
CREATE INDEX "shipment_histories_shipment_id_created_at_index" ON "shipment_histories" USING btree ("shipment_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company_id_index" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_one_active_per_user" ON "api_tokens" USING btree ("user_id") WHERE "api_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "api_tokens_company_id_index" ON "api_tokens" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_index" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_status_index" ON "webhook_deliveries" USING btree ("status");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_company_id_index" ON "webhook_endpoints" USING btree ("company_id");