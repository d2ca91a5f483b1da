ALTER TABLE "payments" ADD COLUMN "received_on" date DEFAULT (now() at time zone 'utc')::date NOT NULL;--> statement-breakpoint
-- Payments recorded before this column existed were received the day they were recorded.
UPDATE "payments" SET "received_on" = ("created_at" at time zone 'utc')::date;
