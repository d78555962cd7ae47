CREATE TABLE "public_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"guest_id" uuid,
	"reason" text NOT NULL,
	"phone_number" text NOT NULL,
	"typed_name" text NOT NULL,
	"lang" text NOT NULL,
	"status" text NOT NULL,
	"attending" smallint,
	"meals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"transport" jsonb,
	"comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "guest_answers_event_created_idx";--> statement-breakpoint
DROP INDEX "guest_answers_guest_idx";--> statement-breakpoint
ALTER TABLE "guest_answers" ADD COLUMN "typed_name" text;--> statement-breakpoint
ALTER TABLE "guest_answers" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "guest_answers_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
-- Rows from before the sequence are numbered again in the order they were written (ADD COLUMN numbers them in storage order).
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT id FROM guest_answers ORDER BY created_at, id LOOP
    UPDATE guest_answers SET seq = DEFAULT WHERE id = r.id;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "public_link_mode" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "public_link_approve_new_guests" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "public_link_new_guest_budget" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "public_link_new_guests_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "public_answers" ADD CONSTRAINT "public_answers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_answers" ADD CONSTRAINT "public_answers_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "public_answers_event_phone_key" ON "public_answers" USING btree ("event_id","phone_number");--> statement-breakpoint
CREATE INDEX "public_answers_guest_idx" ON "public_answers" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "guest_answers_event_seq_idx" ON "guest_answers" USING btree ("event_id","seq");--> statement-breakpoint
CREATE INDEX "guest_answers_guest_seq_idx" ON "guest_answers" USING btree ("guest_id","seq");