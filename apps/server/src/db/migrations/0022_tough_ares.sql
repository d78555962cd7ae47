CREATE TABLE "whatsapp_unreachable" (
	"event_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_unreachable_event_id_guest_id_pk" PRIMARY KEY("event_id","guest_id")
);
--> statement-breakpoint
DROP INDEX "outbox_messages_whatsapp_sent_idx";--> statement-breakpoint
ALTER TABLE "whatsapp_unreachable" ADD CONSTRAINT "whatsapp_unreachable_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_unreachable" ADD CONSTRAINT "whatsapp_unreachable_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_messages_whatsapp_sent_idx" ON "outbox_messages" USING btree ("sent_at") WHERE "outbox_messages"."channel" = 3 and "outbox_messages"."state" = 'sent' and coalesce("outbox_messages"."reason", '') not in ('noDelivery', 'uncertainSms');