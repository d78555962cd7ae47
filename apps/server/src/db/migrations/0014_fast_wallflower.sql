CREATE TABLE "call_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outbox_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"attempt" smallint NOT NULL,
	"lang" text NOT NULL,
	"provider" text NOT NULL,
	"provider_call_id" text,
	"status" text DEFAULT 'placing' NOT NULL,
	"result" text,
	"answered_by" text,
	"step" text DEFAULT 'question' NOT NULL,
	"silences" smallint DEFAULT 0 NOT NULL,
	"answer_status" text,
	"answer_attending" smallint,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"last_event_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"attempt_id" uuid NOT NULL,
	"to" text NOT NULL,
	"lang" text NOT NULL,
	"status" text NOT NULL,
	"mode" text NOT NULL,
	"transcript" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tts_audio_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"audio" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_templates" (
	"event_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"parts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_templates_event_id_lang_pk" PRIMARY KEY("event_id","lang")
);
--> statement-breakpoint
ALTER TABLE "call_attempts" ADD CONSTRAINT "call_attempts_outbox_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_attempts" ADD CONSTRAINT "call_attempts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_attempts" ADD CONSTRAINT "call_attempts_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_templates" ADD CONSTRAINT "voice_templates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_attempts_once_key" ON "call_attempts" USING btree ("outbox_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "call_attempts_provider_key" ON "call_attempts" USING btree ("provider","provider_call_id");--> statement-breakpoint
CREATE INDEX "call_attempts_active_idx" ON "call_attempts" USING btree ("placed_at") WHERE "call_attempts"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "call_attempts_event_idx" ON "call_attempts" USING btree ("event_id","guest_id");--> statement-breakpoint
CREATE INDEX "sandbox_calls_created_idx" ON "sandbox_calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_calls_attempt_idx" ON "sandbox_calls" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "tts_audio_cache_used_idx" ON "tts_audio_cache" USING btree ("last_used_at");