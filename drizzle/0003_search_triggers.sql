-- Search text and the catalogue version are kept by the database itself, so every writer (the
-- app, the seed, the admin screens, a bulk import) keeps them right on every instance.
CREATE OR REPLACE FUNCTION fieldhouse_search_text(p_id integer, p_name text, p_description text, p_sport_id integer)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ',
    p_name,
    (SELECT s.name FROM sports s WHERE s.id = p_sport_id),
    (SELECT string_agg(c.name, ' ' ORDER BY c.name)
       FROM products_categories pc JOIN categories c ON c.id = pc.category_id
      WHERE pc.product_id = p_id),
    p_description))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := fieldhouse_search_text(NEW.id, NEW.name, NEW.description, NEW.sport_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_text BEFORE INSERT OR UPDATE OF name, description, sport_id ON products
  FOR EACH ROW EXECUTE FUNCTION fieldhouse_products_search_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_links_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET search_text = fieldhouse_search_text(p.id, p.name, p.description, p.sport_id)
   WHERE p.id IN (SELECT DISTINCT product_id FROM new_links);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_links_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET search_text = fieldhouse_search_text(p.id, p.name, p.description, p.sport_id)
   WHERE p.id IN (SELECT DISTINCT product_id FROM old_links);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_categories_inserted AFTER INSERT ON products_categories
  REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION fieldhouse_links_inserted();
--> statement-breakpoint
CREATE TRIGGER products_categories_deleted AFTER DELETE ON products_categories
  REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION fieldhouse_links_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_sport_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE products p SET search_text = fieldhouse_search_text(p.id, p.name, p.description, p.sport_id)
     WHERE p.sport_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sports_renamed AFTER UPDATE OF name ON sports
  FOR EACH ROW EXECUTE FUNCTION fieldhouse_sport_renamed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE products p SET search_text = fieldhouse_search_text(p.id, p.name, p.description, p.sport_id)
     WHERE p.id IN (SELECT product_id FROM products_categories WHERE category_id = NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_renamed AFTER UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION fieldhouse_category_renamed();
--> statement-breakpoint
INSERT INTO catalogue_state (id, version) VALUES (1, 1) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION fieldhouse_bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER products_categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products_categories
  FOR EACH STATEMENT EXECUTE FUNCTION fieldhouse_bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER product_images_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION fieldhouse_bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER sports_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sports
  FOR EACH STATEMENT EXECUTE FUNCTION fieldhouse_bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION fieldhouse_bump_catalogue_version();
--> statement-breakpoint
UPDATE products p SET search_text = fieldhouse_search_text(p.id, p.name, p.description, p.sport_id);
