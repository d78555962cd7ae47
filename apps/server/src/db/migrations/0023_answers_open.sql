ALTER TABLE "call_attempts" ADD COLUMN "pending_count" smallint;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "answer_transport_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "answer_meals_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Guests coming by a channel that never asked transport (WhatsApp, SMS, calls before this change), never answering on the page: transport open, not "no ride needed".
UPDATE "guests" g SET "answer_transport_open" = true FROM "events" e
WHERE e.id = g.event_id AND g.status = 'approved' AND g.answer_transport IS NULL
  AND (e.transport->>'ask' = 'all_guests' OR (e.transport->>'ask' = 'some_guests' AND g.ask_transport))
  AND jsonb_array_length(coalesce(e.transport->'options', '[]'::jsonb)) > 0
  AND EXISTS (SELECT 1 FROM guest_answers h WHERE h.guest_id = g.id)
  AND NOT EXISTS (SELECT 1 FROM guest_answers h WHERE h.guest_id = g.id AND h.source IN ('personal', 'public'));--> statement-breakpoint
-- Likewise meals for guests who answered only by SMS or call (WhatsApp asked meals).
UPDATE "guests" g SET "answer_meals_open" = true FROM "events" e
WHERE e.id = g.event_id AND g.status = 'approved' AND g.answer_meals = '{}'::jsonb
  AND (e.meals->>'ask' = 'all_guests' OR (e.meals->>'ask' = 'some_guests' AND g.ask_meals))
  AND jsonb_array_length(coalesce(e.meals->'options', '[]'::jsonb)) > 0
  AND EXISTS (SELECT 1 FROM guest_answers h WHERE h.guest_id = g.id)
  AND NOT EXISTS (SELECT 1 FROM guest_answers h WHERE h.guest_id = g.id AND h.source NOT IN ('sms', 'call'));
