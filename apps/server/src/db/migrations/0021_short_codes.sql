ALTER TABLE "guests" ADD COLUMN "short_code_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "guests_short_code_hash_key" ON "guests" USING btree ("short_code_hash");--> statement-breakpoint
-- Hand-written (issue 27 §2): SMS has no read receipts; rows an older build marked read by SMS become delivered.
UPDATE "outbox_messages" SET "state" = 'delivered' WHERE "channel" = 1 AND "state" = 'read';
