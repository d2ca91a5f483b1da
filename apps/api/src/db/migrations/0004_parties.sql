ALTER TABLE "designers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "designers" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "designers" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "designers" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "logo_key" text;