DROP INDEX "products_deleted_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "products_name_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_stock_idx";--> statement-breakpoint
DROP INDEX "products_updated_idx";--> statement-breakpoint
DROP INDEX "products_category_updated_idx";--> statement-breakpoint
DROP INDEX "products_sku_sort_idx";--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id","status","stock_quantity","deleted_at");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id","status","stock_quantity","deleted_at");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("sort_price","id","status","stock_quantity","deleted_at");--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("stock_quantity","id","status","deleted_at");--> statement-breakpoint
CREATE INDEX "products_updated_idx" ON "products" USING btree ("updated_at","id","status","stock_quantity","deleted_at");--> statement-breakpoint
CREATE INDEX "products_category_updated_idx" ON "products" USING btree ("category_id","updated_at","id","status","stock_quantity","deleted_at");--> statement-breakpoint
CREATE INDEX "products_sku_sort_idx" ON "products" USING btree ("sku","id","status","stock_quantity","deleted_at");