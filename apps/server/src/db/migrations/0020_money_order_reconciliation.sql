ALTER TABLE "orders" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attention_reason" text;--> statement-breakpoint
-- Hand-written backfill: an upgrade still open was priced on the event's paid subtotals of now (the paid
-- transition compares them again); without it every open upgrade would be refunded when paid.
UPDATE "orders" AS o SET "credit" = coalesce((SELECT sum(p."subtotal") FROM "orders" AS p WHERE p."event_id" = o."event_id" AND p."status" = 'paid'), 0)
WHERE o."kind" = 'upgrade' AND o."status" IN ('created', 'pending', 'failed', 'cancelled');
