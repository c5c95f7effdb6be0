-- The search vector moves out of the wide products rows into a narrow table of its own (see
-- docs/decisions/005-catalogue-search.md, "Sixth pass"): a search that ranks 30,000 matches reads
-- every matching row, and a products row also carries the name, the description and search_text
-- (about 800 bytes at the bench's 100k, against about 470 here). The vector is computed as before
-- (fieldhouse_search_vector, migration 0010) and kept by the same triggers.
CREATE TABLE "product_search" (
	"id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sport_id" integer NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL
);
--> statement-breakpoint
INSERT INTO "product_search" ("id", "created_at", "sport_id", "search_vector")
SELECT "id", "created_at", "sport_id", "search_vector" FROM "products";
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_id_products_id_fk" FOREIGN KEY ("id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Built after the copy: one pass instead of maintaining the indexes row by row.
CREATE INDEX "product_search_vector_idx" ON "product_search" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "product_search_title_idx" ON "product_search" USING gin (ts_filter("search_vector", '{a,b}'));--> statement-breakpoint
CREATE INDEX "product_search_created_at_idx" ON "product_search" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Its indexes (products_search_vector_idx, products_title_vector_idx) go with it.
ALTER TABLE "products" DROP COLUMN "search_vector";
--> statement-breakpoint
-- A product's own row keeps search_text (the literal match and the vocabulary read it).
CREATE OR REPLACE FUNCTION fieldhouse_products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := fieldhouse_search_text(NEW.id, NEW.name, NEW.description, NEW.sport_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- New products: their search rows, once per statement (a bulk insert computes each vector once).
-- No categories are linked yet; linking them refreshes the vector (fieldhouse_links_inserted).
CREATE OR REPLACE FUNCTION fieldhouse_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (id, created_at, sport_id, search_vector)
  SELECT n.id, n.created_at, n.sport_id, fieldhouse_search_vector(n.id, n.name, n.description, n.sport_id)
    FROM inserted_products n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products FOR EACH STATEMENT EXECUTE FUNCTION fieldhouse_products_inserted();
--> statement-breakpoint
-- An edited product: its search row follows what it is computed from.
CREATE OR REPLACE FUNCTION fieldhouse_product_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search
     SET created_at = NEW.created_at,
         sport_id = NEW.sport_id,
         search_vector = fieldhouse_search_vector(NEW.id, NEW.name, NEW.description, NEW.sport_id)
   WHERE id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_edited AFTER UPDATE OF name, description, sport_id, created_at ON products
  FOR EACH ROW EXECUTE FUNCTION fieldhouse_product_edited();
--> statement-breakpoint
-- The products whose sport or category names changed (or whose links did): their search_text and
-- their search row. Shared by the four triggers below.
CREATE OR REPLACE FUNCTION fieldhouse_refresh_search(p_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p
     SET search_text = fieldhouse_search_text(p.id, p.name, p.description, p.sport_id)
   WHERE p.id = ANY (p_ids);
  UPDATE product_search s
     SET search_vector = fieldhouse_search_vector(p.id, p.name, p.description, p.sport_id)
    FROM products p
   WHERE p.id = s.id AND s.id = ANY (p_ids);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_links_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fieldhouse_refresh_search(ARRAY(SELECT DISTINCT product_id FROM new_links));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_links_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fieldhouse_refresh_search(ARRAY(SELECT DISTINCT product_id FROM old_links));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_sport_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM fieldhouse_refresh_search(ARRAY(SELECT id FROM products WHERE sport_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM fieldhouse_refresh_search(
      ARRAY(SELECT product_id FROM products_categories WHERE category_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
