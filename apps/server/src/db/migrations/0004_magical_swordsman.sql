CREATE TABLE "guest_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"status" text NOT NULL,
	"previous_status" text,
	"attending" smallint,
	"meals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"transport" jsonb,
	"comments" text DEFAULT '' NOT NULL,
	"changed" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"count" smallint DEFAULT 1 NOT NULL,
	"message_system" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_date" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "public_salt" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "public_token_hash" text;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "invite_salt" text;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "invite_token_hash" text;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "answer_meals" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "answer_transport" jsonb;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "answer_comments" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "changed_decision" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_answers" ADD CONSTRAINT "guest_answers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_answers" ADD CONSTRAINT "guest_answers_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_answers_event_created_idx" ON "guest_answers" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "guest_answers_guest_idx" ON "guest_answers" USING btree ("guest_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_key" ON "notifications" USING btree ("event_id","type") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_event_date_idx" ON "notifications" USING btree ("event_id","status_date");--> statement-breakpoint
CREATE UNIQUE INDEX "events_public_token_hash_key" ON "events" USING btree ("public_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_invite_token_hash_key" ON "guests" USING btree ("invite_token_hash");--> statement-breakpoint
CREATE INDEX "guests_event_answered_idx" ON "guests" USING btree ("event_id","answered_at");