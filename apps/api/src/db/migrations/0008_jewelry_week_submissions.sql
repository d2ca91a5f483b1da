CREATE TYPE "public"."submission_status" AS ENUM('RECEIVED', 'UNDER_REVIEW', 'SELECTED', 'DECLINED');--> statement-breakpoint
CREATE TABLE "submission_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"from_status" "submission_status",
	"to_status" "submission_status" NOT NULL,
	"note" text,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"brand_name" text,
	"country" text,
	"website" text,
	"instagram" text,
	"collection_title" text,
	"statement" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "submission_status" DEFAULT 'RECEIVED' NOT NULL,
	"fingerprint" text NOT NULL,
	"decision_email_id" uuid,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_status_history" ADD CONSTRAINT "submission_status_history_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_status_history" ADD CONSTRAINT "submission_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_decision_email_id_email_outbox_id_fk" FOREIGN KEY ("decision_email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_status_history_submission_idx" ON "submission_status_history" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_fingerprint_uq" ON "submissions" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "submissions_created_idx" ON "submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_status_idx" ON "submissions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_email_idx" ON "submissions" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "submissions_search_trgm_idx" ON "submissions" USING gin (("name" || ' ' || "email" || ' ' || coalesce("country", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");