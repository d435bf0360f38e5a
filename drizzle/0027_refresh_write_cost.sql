-- The list columns' trigger (migration 0006) in one statement that reads only the columns it copies:
-- `SELECT *` into a row variable also fetched (and detoasted) the carrier's raw answer, tens of
-- kilobytes, for every new latest history. Same columns, same values (docs/decisions/0045-list-columns-on-shipments.md).
CREATE OR REPLACE FUNCTION shipments_list_columns() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  SELECT h.place_of_receipt_locode, h.place_of_receipt_name, h.loading_port_locode, h.loading_port_name,
    h.discharging_port_locode, h.discharging_port_name, h.place_of_delivery_locode, h.place_of_delivery_name,
    h.departure_time, h.departure_time_status, h.arrival_time, h.arrival_time_status,
    h.place_of_delivery_eta, h.place_of_delivery_eta_status, h.vessel_voyage,
    (SELECT v.vessel_name FROM history_vessels v
      WHERE v.history_id = h.id AND v.vessel_name IS NOT NULL ORDER BY v.sequence LIMIT 1),
    (SELECT array_agg(c.container_number ORDER BY c.container_number) FROM history_containers c
      WHERE c.history_id = h.id)
  INTO NEW.place_of_receipt_locode, NEW.place_of_receipt_name, NEW.loading_port_locode, NEW.loading_port_name,
    NEW.discharging_port_locode, NEW.discharging_port_name, NEW.place_of_delivery_locode, NEW.place_of_delivery_name,
    NEW.departure_time, NEW.departure_time_status, NEW.arrival_time, NEW.arrival_time_status,
    NEW.place_of_delivery_eta, NEW.place_of_delivery_eta_status, NEW.vessel_voyage,
    NEW.vessel_name, NEW.container_numbers
  FROM shipment_histories h WHERE h.id = NEW.latest_history_id;
  -- No history (latest_history_id cleared): every column null, as before, and no containers.
  NEW.container_numbers := coalesce(NEW.container_numbers, '{}'::text[]);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Room on each page for a shipment's next version: most of a refresh's updates of a shipment (its
-- FETCHING mark, an unchanged refresh's SLEEPING) change no indexed column, and with room on the
-- same page Postgres writes them without touching the table's eleven indexes (a HOT update), the
-- trigram index's dozens of entries a row above all. New pages only; existing ones fill as rows move.
ALTER TABLE shipments SET (fillfactor = 80);
