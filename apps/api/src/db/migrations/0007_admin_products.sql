DROP INDEX "products_facets_idx";--> statement-breakpoint
CREATE INDEX "products_updated_idx" ON "products" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "products_category_updated_idx" ON "products" USING btree ("category_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "products_sku_sort_idx" ON "products" USING btree ("sku","id");--> statement-breakpoint
CREATE INDEX "products_stone_idx" ON "products" USING btree (lower("gemstone_type"),"created_at","id");--> statement-breakpoint
CREATE INDEX "products_trash_idx" ON "products" USING btree ("updated_at","id") WHERE "products"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "products_facets_idx" ON "products" USING btree ("status","category_id","metal","vendor_id","designer_id","is_featured","stock_quantity","sort_price","price","currency","gemstone_type") WHERE "products"."deleted_at" is null;