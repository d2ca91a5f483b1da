-- Catalog search: trigram matching and edit distance (trusted extensions; PGlite loads them in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE TYPE "public"."collection_season" AS ENUM('SPRING', 'SUMMER', 'AUTUMN', 'WINTER', 'HOLIDAY');--> statement-breakpoint
CREATE TYPE "public"."metal_type" AS ENUM('YELLOW_GOLD', 'WHITE_GOLD', 'ROSE_GOLD', 'PLATINUM', 'SILVER');--> statement-breakpoint
CREATE TYPE "public"."product_status" AS ENUM('DRAFT', 'ACTIVE', 'ARCHIVED');--> statement-breakpoint
CREATE TYPE "public"."vendor_type" AS ENUM('ATELIER', 'MANUFACTURER', 'GEMSTONE_SUPPLIER', 'DISTRIBUTOR');--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_products" (
	"collection_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"sort_order" integer NOT NULL,
	"is_hero" boolean DEFAULT false NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_products_collection_id_product_id_pk" PRIMARY KEY("collection_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"year" integer NOT NULL,
	"season" "collection_season" NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"cover_image" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "component_optionals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"component_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_delta" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "designers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"display_name" text NOT NULL,
	"user_id" uuid,
	"specialty" text NOT NULL,
	"bio" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sku" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"designer_id" uuid,
	"category_id" uuid NOT NULL,
	"metal" "metal_type" NOT NULL,
	"gemstone_type" text,
	"gemstone_carat_points" integer,
	"gemstone_cut" text,
	"gemstone_colour" text,
	"gemstone_clarity" text,
	"price" integer,
	"price_min" integer,
	"price_max" integer,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"sort_price" integer GENERATED ALWAYS AS (coalesce(price, price_min)) STORED,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"status" "product_status" DEFAULT 'DRAFT' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', sku || ' ' || coalesce(gemstone_type, '') || ' ' || coalesce(gemstone_cut, '') || ' ' || coalesce(gemstone_colour, '') || ' ' || CASE metal WHEN 'YELLOW_GOLD' THEN 'yellow gold' WHEN 'WHITE_GOLD' THEN 'white gold' WHEN 'ROSE_GOLD' THEN 'rose gold' WHEN 'PLATINUM' THEN 'platinum' ELSE 'silver' END), 'B') || setweight(to_tsvector('simple', description), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "products_stock_nonnegative" CHECK ("products"."stock_quantity" >= 0),
	CONSTRAINT "products_price_nonnegative" CHECK ("products"."price" >= 0 and "products"."price_min" >= 0 and "products"."price_max" >= "products"."price_min"),
	CONSTRAINT "products_has_price" CHECK ("products"."price" is not null or ("products"."price_min" is not null and "products"."price_max" is not null))
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"user_id" uuid,
	"country" text NOT NULL,
	"type" "vendor_type" NOT NULL,
	"email" text,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_optionals" ADD CONSTRAINT "component_optionals_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designers" ADD CONSTRAINT "designers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_uq" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "categories_sort_idx" ON "categories" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "collection_products_order_idx" ON "collection_products" USING btree ("collection_id","sort_order","product_id");--> statement-breakpoint
CREATE INDEX "collection_products_product_idx" ON "collection_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_products_hero_uq" ON "collection_products" USING btree ("collection_id") WHERE "collection_products"."is_hero";--> statement-breakpoint
CREATE UNIQUE INDEX "collections_name_uq" ON "collections" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "collections_slug_uq" ON "collections" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "collections_created_idx" ON "collections" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "collections_name_idx" ON "collections" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "collections_year_idx" ON "collections" USING btree ("year","season");--> statement-breakpoint
CREATE INDEX "collections_featured_idx" ON "collections" USING btree ("is_featured","created_at");--> statement-breakpoint
CREATE INDEX "collections_name_trgm_idx" ON "collections" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "component_optionals_name_uq" ON "component_optionals" USING btree ("component_id",lower("name"));--> statement-breakpoint
CREATE INDEX "component_optionals_name_idx" ON "component_optionals" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "component_optionals_sort_idx" ON "component_optionals" USING btree ("name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "components_name_uq" ON "components" USING btree ("category_id",lower("name"));--> statement-breakpoint
CREATE INDEX "components_name_idx" ON "components" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "components_sort_idx" ON "components" USING btree ("name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "designers_code_uq" ON "designers" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "designers_user_uq" ON "designers" USING btree ("user_id") WHERE "designers"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "designers_specialty_idx" ON "designers" USING btree ("specialty");--> statement-breakpoint
CREATE INDEX "designers_created_idx" ON "designers" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_uq" ON "products" USING btree (upper("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_uq" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("sort_price","id");--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("stock_quantity","id");--> statement-breakpoint
CREATE INDEX "products_vendor_idx" ON "products" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_designer_idx" ON "products" USING btree ("designer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "products_live_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."status" = 'ACTIVE' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_name_idx" ON "products" USING btree ("name","id") WHERE "products"."status" = 'ACTIVE' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_price_idx" ON "products" USING btree ("sort_price","id") WHERE "products"."status" = 'ACTIVE' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_stock_idx" ON "products" USING btree ("stock_quantity","id") WHERE "products"."status" = 'ACTIVE' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_category_idx" ON "products" USING btree ("category_id","created_at","id") WHERE "products"."status" = 'ACTIVE' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_metal_idx" ON "products" USING btree ("metal","created_at","id") WHERE "products"."status" = 'ACTIVE' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_vendor_idx" ON "products" USING btree ("vendor_id","created_at","id") WHERE "products"."status" = 'ACTIVE' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_featured_idx" ON "products" USING btree ("created_at","id") WHERE "products"."status" = 'ACTIVE' and "products"."deleted_at" is null and "products"."is_featured";--> statement-breakpoint
CREATE INDEX "products_facets_idx" ON "products" USING btree ("status","category_id","metal","vendor_id","designer_id","is_featured","stock_quantity","sort_price","price","currency") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_deleted_idx" ON "products" USING btree ("deleted_at") WHERE "products"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_code_uq" ON "vendors" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_user_uq" ON "vendors" USING btree ("user_id") WHERE "vendors"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "vendors_country_idx" ON "vendors" USING btree ("country");--> statement-breakpoint
CREATE INDEX "vendors_type_idx" ON "vendors" USING btree ("type");--> statement-breakpoint
CREATE INDEX "vendors_created_idx" ON "vendors" USING btree ("created_at","id");