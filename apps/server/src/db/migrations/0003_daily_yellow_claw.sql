CREATE TABLE "event_members" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_members_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"names" jsonb NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"location" jsonb NOT NULL,
	"default_lang" text NOT NULL,
	"langs" text[] NOT NULL,
	"rsvp_start_date" date NOT NULL,
	"meals" jsonb NOT NULL,
	"transport" jsonb NOT NULL,
	"include_calls_preference" boolean DEFAULT false NOT NULL,
	"message_system_preference" smallint DEFAULT 3 NOT NULL,
	"progress_status" smallint DEFAULT 0 NOT NULL,
	"order_package_id" integer,
	"invitee_limit" integer,
	"image" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"count_of_invites" smallint DEFAULT 1 NOT NULL,
	"group_id" uuid,
	"lang" text NOT NULL,
	"ask_transport" boolean DEFAULT false NOT NULL,
	"ask_meals" boolean DEFAULT false NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"viewed_count" integer DEFAULT 0 NOT NULL,
	"attending" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guide_tour" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_members" ADD CONSTRAINT "event_members_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_members" ADD CONSTRAINT "event_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_groups" ADD CONSTRAINT "guest_groups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_group_id_guest_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."guest_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_members_user_idx" ON "event_members" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "events" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_groups_event_name_key" ON "guest_groups" USING btree ("event_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "guests_event_phone_key" ON "guests" USING btree ("event_id","phone_number");--> statement-breakpoint
CREATE INDEX "guests_event_created_idx" ON "guests" USING btree ("event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "guests_event_name_idx" ON "guests" USING btree ("event_id","full_name","id");--> statement-breakpoint
CREATE INDEX "guests_event_status_idx" ON "guests" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "guests_event_group_idx" ON "guests" USING btree ("event_id","group_id");