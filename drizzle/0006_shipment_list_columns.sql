-- The list's columns of the latest history, copied onto shipments so the list sorts, filters and
-- pages on one table (docs/decisions/0003-shipment-list.md). A trigger keeps them in step with
-- latest_history_id, so the tracking engine writes histories as before.
CREATE FUNCTION shipment_search_join(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_string($1, ' ') $$;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "place_of_receipt_locode" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "place_of_receipt_name" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "loading_port_locode" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "loading_port_name" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "discharging_port_locode" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "discharging_port_name" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "place_of_delivery_locode" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "place_of_delivery_name" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "departure_time" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "departure_time_status" time_status;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "arrival_time" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "arrival_time_status" time_status;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "place_of_delivery_eta" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "place_of_delivery_eta_status" time_status;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "vessel_name" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "vessel_voyage" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "container_numbers" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
CREATE FUNCTION shipments_list_columns() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  h shipment_histories%ROWTYPE;
BEGIN
  SELECT * INTO h FROM shipment_histories WHERE id = NEW.latest_history_id;
  NEW.place_of_receipt_locode := h.place_of_receipt_locode;
  NEW.place_of_receipt_name := h.place_of_receipt_name;
  NEW.loading_port_locode := h.loading_port_locode;
  NEW.loading_port_name := h.loading_port_name;
  NEW.discharging_port_locode := h.discharging_port_locode;
  NEW.discharging_port_name := h.discharging_port_name;
  NEW.place_of_delivery_locode := h.place_of_delivery_locode;
  NEW.place_of_delivery_name := h.place_of_delivery_name;
  NEW.departure_time := h.departure_time;
  NEW.departure_time_status := h.departure_time_status;
  NEW.arrival_time := h.arrival_time;
  NEW.arrival_time_status := h.arrival_time_status;
  NEW.place_of_delivery_eta := h.place_of_delivery_eta;
  NEW.place_of_delivery_eta_status := h.place_of_delivery_eta_status;
  NEW.vessel_voyage := h.vessel_voyage;
  NEW.vessel_name := (
    SELECT v.vessel_name FROM history_vessels v
    WHERE v.history_id = NEW.latest_history_id AND v.vessel_name IS NOT NULL
    ORDER BY v.sequence LIMIT 1);
  NEW.container_numbers := coalesce((
    SELECT array_agg(c.container_number ORDER BY c.container_number) FROM history_containers c
    WHERE c.history_id = NEW.latest_history_id), '{}'::text[]);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shipments_list_columns_insert BEFORE INSERT ON shipments
  FOR EACH ROW WHEN (NEW.latest_history_id IS NOT NULL) EXECUTE FUNCTION shipments_list_columns();
--> statement-breakpoint
CREATE TRIGGER shipments_list_columns_update BEFORE UPDATE OF latest_history_id ON shipments
  FOR EACH ROW WHEN (NEW.latest_history_id IS DISTINCT FROM OLD.latest_history_id)
  EXECUTE FUNCTION shipments_list_columns();
--> statement-breakpoint
-- Existing shipments: the same copy in one statement.
UPDATE shipments s SET
  place_of_receipt_locode = h.place_of_receipt_locode, place_of_receipt_name = h.place_of_receipt_name,
  loading_port_locode = h.loading_port_locode, loading_port_name = h.loading_port_name,
  discharging_port_locode = h.discharging_port_locode, discharging_port_name = h.discharging_port_name,
  place_of_delivery_locode = h.place_of_delivery_locode, place_of_delivery_name = h.place_of_delivery_name,
  departure_time = h.departure_time, departure_time_status = h.departure_time_status,
  arrival_time = h.arrival_time, arrival_time_status = h.arrival_time_status,
  place_of_delivery_eta = h.place_of_delivery_eta, place_of_delivery_eta_status = h.place_of_delivery_eta_status,
  vessel_voyage = h.vessel_voyage,
  vessel_name = (SELECT v.vessel_name FROM history_vessels v
    WHERE v.history_id = h.id AND v.vessel_name IS NOT NULL ORDER BY v.sequence LIMIT 1),
  container_numbers = coalesce((SELECT array_agg(c.container_number ORDER BY c.container_number)
    FROM history_containers c WHERE c.history_id = h.id), '{}'::text[])
FROM shipment_histories h WHERE h.id = s.latest_history_id;
--> statement-breakpoint
DROP INDEX "shipments_company_id_team_id_is_archived_index";
--> statement-breakpoint
ALTER TABLE "shipments" drop column "search_text";
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(title, '') || ' ' || coalesce(remark, '') || ' ' || tracking_number || ' ' || coalesce(custom_field1, '') || ' ' || coalesce(custom_field2, '') || ' ' || coalesce(custom_field3, '') || ' ' || coalesce(place_of_receipt_name, '') || ' ' || coalesce(place_of_receipt_locode, '') || ' ' || coalesce(loading_port_name, '') || ' ' || coalesce(loading_port_locode, '') || ' ' || coalesce(discharging_port_name, '') || ' ' || coalesce(discharging_port_locode, '') || ' ' || coalesce(place_of_delivery_name, '') || ' ' || coalesce(place_of_delivery_locode, '') || ' ' || coalesce(vessel_name, '') || ' ' || coalesce(vessel_voyage, '') || ' ' || shipment_search_join(container_numbers))) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "shipments_search_text_trgm_idx" ON "shipments" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "shipments_list_team_idx" ON "shipments" USING btree ("company_id","team_id","is_archived","arrival_time","id");
--> statement-breakpoint
CREATE INDEX "shipments_list_company_idx" ON "shipments" USING btree ("company_id","is_archived","arrival_time","id");
--> statement-breakpoint
-- A team belongs to one company: without this the planner multiplies the two selectivities and
-- misjudges a team's list by orders of magnitude.
CREATE STATISTICS "shipments_company_team_stats" (dependencies) ON "company_id", "team_id" FROM "shipments";
