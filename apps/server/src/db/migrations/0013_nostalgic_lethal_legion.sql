ALTER TABLE "outbox_messages" ADD COLUMN "call_started_at" timestamp with time zone;--> statement-breakpoint
-- Claims held while this deploys were made by code that did not mark its calls: counted as started (asked before a resend).
UPDATE "outbox_messages" SET "call_started_at" = "claimed_at" WHERE "state" = 'queued' AND "claimed_at" IS NOT NULL;
