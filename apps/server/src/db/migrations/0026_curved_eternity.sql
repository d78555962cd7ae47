CREATE TABLE "gift_ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"guest_id" uuid,
	"payer_name" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"payment_ref" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_ledger_amount_check" CHECK ("gift_ledger_entries"."amount" > 0),
	CONSTRAINT "gift_ledger_method_check" CHECK ("gift_ledger_entries"."method" in ('cheque', 'cash', 'bankTransfer', 'bit', 'paybox', 'giftLink', 'other')),
	CONSTRAINT "gift_ledger_source_check" CHECK ("gift_ledger_entries"."source" in ('host', 'import', 'giftLink'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "side_labels" jsonb;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "side" text;--> statement-breakpoint
ALTER TABLE "action_timings" ADD COLUMN "only_givers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_ledger_entries" ADD CONSTRAINT "gift_ledger_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_ledger_entries" ADD CONSTRAINT "gift_ledger_entries_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_ledger_entries" ADD CONSTRAINT "gift_ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_ledger_event_idx" ON "gift_ledger_entries" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_ledger_guest_idx" ON "gift_ledger_entries" USING btree ("guest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_ledger_payment_key" ON "gift_ledger_entries" USING btree ("event_id","payment_ref");--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_side_check" CHECK ("guests"."side" in ('a', 'b', 'both'));