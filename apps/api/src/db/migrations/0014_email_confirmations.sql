CREATE TYPE "public"."confirmation_purpose" AS ENUM('REGISTRATION', 'EMAIL_CHANGE');--> statement-breakpoint
CREATE TABLE "email_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" "confirmation_purpose" NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"username" text,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"verifier_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_confirmations_shape_ck" CHECK (("email_confirmations"."purpose" = 'REGISTRATION' and "email_confirmations"."username" is not null and "email_confirmations"."password_hash" is not null and "email_confirmations"."user_id" is null) or ("email_confirmations"."purpose" = 'EMAIL_CHANGE' and "email_confirmations"."user_id" is not null and "email_confirmations"."username" is null and "email_confirmations"."password_hash" is null))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "once_key" text;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_confirmations_email_idx" ON "email_confirmations" USING btree (lower("email"),"purpose","created_at");--> statement-breakpoint
CREATE INDEX "email_confirmations_user_idx" ON "email_confirmations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_confirmations_expires_idx" ON "email_confirmations" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_once_key_uq" ON "email_outbox" USING btree ("once_key") WHERE "email_outbox"."once_key" is not null;--> statement-breakpoint
-- Mail already limited to once a day that was queued in the last day takes its key, so the limit holds
-- across the upgrade (the earliest per key; duplicates a race let through before keep none).
UPDATE "email_outbox" AS e SET "once_key" = k."key"
FROM (
  SELECT DISTINCT ON ("key") "id", "key" FROM (
    SELECT "id", "created_at",
      "email_type" || '|' || CASE WHEN "email_type" = 'ACCOUNT_NOTICE' THEN coalesce("model"->>'notice', '') ELSE '' END || '|' ||
      lower("recipients"->>0) || '|' || to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "key"
    FROM "email_outbox"
    WHERE "created_at" > now() - interval '1 day'
      AND ("email_type" = 'JEWELRY_WEEK_CONFIRMATION' OR ("email_type" = 'ACCOUNT_NOTICE' AND "model"->>'notice' = 'ALREADY_REGISTERED'))
  ) AS candidates
  ORDER BY "key", "created_at"
) AS k
WHERE e."id" = k."id";
