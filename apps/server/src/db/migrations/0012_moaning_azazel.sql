CREATE TABLE "whatsapp_opt_outs" (
	"event_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_opt_outs_event_id_phone_number_pk" PRIMARY KEY("event_id","phone_number")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_opt_outs" ADD CONSTRAINT "whatsapp_opt_outs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_messages_whatsapp_sent_idx" ON "outbox_messages" USING btree ("sent_at") WHERE "outbox_messages"."channel" = 3 and "outbox_messages"."state" = 'sent' and coalesce("outbox_messages"."reason", '') <> 'noDelivery';