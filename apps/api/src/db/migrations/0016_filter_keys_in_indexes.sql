DROP INDEX "products_live_category_idx";--> statement-breakpoint
DROP INDEX "products_live_category_price_idx";--> statement-breakpoint
CREATE INDEX "products_stone_price_idx" ON "products" USING btree (lower("gemstone_type"),"sort_price","id","status","stock_quantity","deleted_at");--> statement-breakpoint
CREATE INDEX "products_live_category_idx" ON "products" USING btree ("category_id","created_at","id","metal","stock_quantity") WHERE "products"."status" = 'ACTIVE' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_category_price_idx" ON "products" USING btree ("category_id","sort_price","id","metal","stock_quantity") WHERE "products"."status" = 'ACTIVE' and "products"."deleted_at" is null;