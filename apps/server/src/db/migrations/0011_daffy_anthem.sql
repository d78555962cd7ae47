CREATE TABLE "whatsapp_conversations" (
	"guest_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"window_opened_at" timestamp with time zone NOT NULL,
	"step" text,
	"outbox_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_daily_recipients" (
	"day" date NOT NULL,
	"phone_number" text NOT NULL,
	CONSTRAINT "whatsapp_daily_recipients_day_phone_number_pk" PRIMARY KEY("day","phone_number")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_overflow_notices" (
	"event_id" uuid NOT NULL,
	"day" date NOT NULL,
	"mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_overflow_notices_event_id_day_pk" PRIMARY KEY("event_id","day")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_recipient_days" (
	"day" date PRIMARY KEY NOT NULL,
	"used" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"round" smallint DEFAULT 1 NOT NULL,
	"lang" text NOT NULL,
	"source" text NOT NULL,
	"message_template_id" uuid,
	"revision" integer,
	"text" text NOT NULL,
	"with_image" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"provider_id" text,
	"status" text DEFAULT 'submitting' NOT NULL,
	"category" text,
	"reason" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processed_webhook_events" (
	"source" text NOT NULL,
	"event_key" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_webhook_events_source_event_key_pk" PRIMARY KEY("source","event_key")
);
--> statement-breakpoint
CREATE TABLE "webhook_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"body_hash" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "whatsapp_overflow" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD CONSTRAINT "whatsapp_conversations_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD CONSTRAINT "whatsapp_conversations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD CONSTRAINT "whatsapp_conversations_outbox_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_overflow_notices" ADD CONSTRAINT "whatsapp_overflow_notices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_message_template_id_message_templates_id_fk" FOREIGN KEY ("message_template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_conversations_phone_idx" ON "whatsapp_conversations" USING btree ("phone_number","window_opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_name_key" ON "whatsapp_templates" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_provider_key" ON "whatsapp_templates" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "whatsapp_templates_slot_idx" ON "whatsapp_templates" USING btree ("event_id","purpose","round","lang","status");--> statement-breakpoint
CREATE INDEX "whatsapp_templates_status_idx" ON "whatsapp_templates" USING btree ("status","checked_at");--> statement-breakpoint
CREATE INDEX "processed_webhook_events_at_idx" ON "processed_webhook_events" USING btree ("processed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_inbox_body_key" ON "webhook_inbox" USING btree ("source","body_hash");--> statement-breakpoint
CREATE INDEX "webhook_inbox_pending_idx" ON "webhook_inbox" USING btree ("received_at") WHERE "webhook_inbox"."processed_at" is null;