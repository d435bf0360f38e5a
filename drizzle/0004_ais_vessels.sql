CREATE TABLE "ais_vessels" (
	"mmsi" text PRIMARY KEY NOT NULL,
	"imo" text,
	"name" text,
	"normalized_name" text,
	"callsign" text,
	"ship_type" integer,
	"destination" text,
	"draught" double precision,
	"eta" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ais_vessels_imo_index" ON "ais_vessels" USING btree ("imo");--> statement-breakpoint
CREATE INDEX "ais_vessels_normalized_name_index" ON "ais_vessels" USING btree ("normalized_name");--> statement-breakpoint
CREATE INDEX "ais_vessel_positions_reported_at_index" ON "ais_vessel_positions" USING btree ("reported_at");