CREATE TABLE "messaging_event_turns" (
	"event_id" uuid NOT NULL,
	"channel" smallint NOT NULL,
	"served_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_event_turns_event_id_channel_pk" PRIMARY KEY("event_id","channel")
);
--> statement-breakpoint
CREATE TABLE "messaging_rate_buckets" (
	"channel" smallint PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messaging_event_turns" ADD CONSTRAINT "messaging_event_turns_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_messages_ready_event_idx" ON "outbox_messages" USING btree ("channel","event_id","not_before") WHERE "outbox_messages"."state" = 'queued';