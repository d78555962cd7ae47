CREATE TABLE "checkin_arrivals" (
	"guest_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"people" smallint NOT NULL,
	"walk_in" boolean DEFAULT false NOT NULL,
	"arrived_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_codes" (
	"guest_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"salt" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_ushers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "checkin_arrivals" ADD CONSTRAINT "checkin_arrivals_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_arrivals" ADD CONSTRAINT "checkin_arrivals_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_codes" ADD CONSTRAINT "checkin_codes_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_codes" ADD CONSTRAINT "checkin_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_ushers" ADD CONSTRAINT "checkin_ushers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_ushers" ADD CONSTRAINT "checkin_ushers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_arrivals_event_idx" ON "checkin_arrivals" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_codes_hash_key" ON "checkin_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "checkin_codes_event_idx" ON "checkin_codes" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_ushers_token_hash_key" ON "checkin_ushers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "checkin_ushers_event_idx" ON "checkin_ushers" USING btree ("event_id");