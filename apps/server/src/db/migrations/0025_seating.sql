CREATE TABLE "seating_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text,
	"capacity" smallint NOT NULL,
	"shape" text DEFAULT 'round' NOT NULL,
	"x" integer DEFAULT 0 NOT NULL,
	"y" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seating_tables_capacity_check" CHECK ("seating_tables"."capacity" between 1 and 30),
	CONSTRAINT "seating_tables_shape_check" CHECK ("seating_tables"."shape" in ('round', 'rectangle', 'knight'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "show_tables_to_guests" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "table_id" uuid;--> statement-breakpoint
ALTER TABLE "seating_tables" ADD CONSTRAINT "seating_tables_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seating_tables_event_number_key" ON "seating_tables" USING btree ("event_id","number");--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_table_id_seating_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."seating_tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guests_table_idx" ON "guests" USING btree ("table_id");--> statement-breakpoint
-- A seated guest who declines leaves their table (whatever path recorded the answer) and the host's bell says so.
CREATE OR REPLACE FUNCTION seating_unseat_declined() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'declined' AND NEW.table_id IS NOT NULL THEN
    NEW.table_id := NULL;
    INSERT INTO notifications (event_id, type) VALUES (NEW.event_id, 'seatFreedOnDecline')
      ON CONFLICT (event_id, type) WHERE read_at IS NULL
      DO UPDATE SET count = least(notifications.count + 1, 32767), status_date = now();
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER guests_seating_unseat_declined BEFORE INSERT OR UPDATE OF status, table_id ON guests
  FOR EACH ROW EXECUTE FUNCTION seating_unseat_declined();
