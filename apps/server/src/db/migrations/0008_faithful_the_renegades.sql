CREATE TABLE "action_timings" (
	"event_id" uuid NOT NULL,
	"action" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"custom" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_timings_event_id_action_pk" PRIMARY KEY("event_id","action")
);
--> statement-breakpoint
CREATE TABLE "message_opt_outs" (
	"event_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_opt_outs_event_id_phone_number_pk" PRIMARY KEY("event_id","phone_number")
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"round" smallint DEFAULT 1 NOT NULL,
	"lang" text NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"provider_template_id" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_pauses" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"action" text NOT NULL,
	"wave" smallint DEFAULT 0 NOT NULL,
	"type" smallint NOT NULL,
	"channel" smallint NOT NULL,
	"fallback_of" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"text" text,
	"sms_parts" smallint,
	"claimed_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_message_id" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_timings" ADD CONSTRAINT "action_timings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_opt_outs" ADD CONSTRAINT "message_opt_outs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_pauses" ADD CONSTRAINT "messaging_pauses_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_timings_due_idx" ON "action_timings" USING btree ("state","send_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_key" ON "message_templates" USING btree ("event_id","purpose","round","lang");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_once_key" ON "outbox_messages" USING btree ("guest_id","action","wave","channel");--> statement-breakpoint
CREATE INDEX "outbox_messages_ready_idx" ON "outbox_messages" USING btree ("not_before") WHERE "outbox_messages"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "outbox_messages_event_action_idx" ON "outbox_messages" USING btree ("event_id","action","state");--> statement-breakpoint
CREATE INDEX "outbox_messages_guest_idx" ON "outbox_messages" USING btree ("guest_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_provider_key" ON "outbox_messages" USING btree ("channel","provider_message_id");