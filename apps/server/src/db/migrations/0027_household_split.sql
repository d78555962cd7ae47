ALTER TABLE "guest_answers" ADD COLUMN "split" jsonb;--> statement-breakpoint
ALTER TABLE "public_answers" ADD COLUMN "split" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "household_split" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "answer_split" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_household_split_check" CHECK ("events"."household_split" in ('none', 'adultsChildren', 'menWomen'));