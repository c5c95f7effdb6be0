ALTER TABLE "product_search" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_changes_idx" ON "audit_log" USING gin ("changes" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "product_search_published_idx" ON "product_search" USING btree ("id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_listed_created_at_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "products_listed_name_order_idx" ON "products" USING btree (lower("name"),"id") WHERE status = 'published' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "products_deleted_at_idx" ON "products" USING btree ("deleted_at") WHERE "products"."deleted_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK ("products"."status" IN ('published', 'draft', 'hidden'));
--> statement-breakpoint
-- Every product stays published (the column's default) and out of the trash; their search rows
-- likewise. A search row's status is the product's, or 'trashed' while it is in the trash.
CREATE OR REPLACE FUNCTION fieldhouse_listing_status(p_status text, p_deleted_at timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_deleted_at IS NULL THEN p_status ELSE 'trashed' END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (id, created_at, sport_id, status, search_vector)
  SELECT n.id, n.created_at, n.sport_id, fieldhouse_listing_status(n.status, n.deleted_at),
         fieldhouse_search_vector(n.id, n.name, n.description, n.sport_id)
    FROM inserted_products n;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A status change or a move to and from the trash: only the search row's status, not its vector.
CREATE OR REPLACE FUNCTION fieldhouse_product_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search SET status = fieldhouse_listing_status(NEW.status, NEW.deleted_at)
   WHERE id = NEW.id AND status IS DISTINCT FROM fieldhouse_listing_status(NEW.status, NEW.deleted_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_status AFTER UPDATE OF status, deleted_at ON products
  FOR EACH ROW EXECUTE FUNCTION fieldhouse_product_status_changed();
--> statement-breakpoint
-- The activity log named images by the first 8 characters of their file's content hash. They are
-- named by the storage key of their smallest variant now (a thumbnail the log shows, kept while an
-- entry names it); images still stored get that key, the others keep their short name.
CREATE OR REPLACE FUNCTION pg_temp.fieldhouse_thumbnail_key(p_short text) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT to_jsonb(coalesce(
    (SELECT v->>'key'
       FROM product_images i CROSS JOIN LATERAL jsonb_array_elements(i.variants) v
      WHERE i.key LIKE '%/' || p_short || '%'
      ORDER BY (v->>'width')::int, v->>'key'
      LIMIT 1),
    p_short))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pg_temp.fieldhouse_thumbnail_keys(p_list jsonb) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN jsonb_typeof(p_list) = 'array'
    THEN coalesce((SELECT jsonb_agg(pg_temp.fieldhouse_thumbnail_key(e.value) ORDER BY e.n)
                     FROM jsonb_array_elements_text(p_list) WITH ORDINALITY AS e(value, n)),
                  '[]'::jsonb)
    ELSE p_list END
$$;
--> statement-breakpoint
UPDATE audit_log
   SET changes = jsonb_set(changes, '{images}', jsonb_build_object(
         'from', pg_temp.fieldhouse_thumbnail_keys(changes->'images'->'from'),
         'to', pg_temp.fieldhouse_thumbnail_keys(changes->'images'->'to')))
 WHERE entity = 'product' AND changes ? 'images';
