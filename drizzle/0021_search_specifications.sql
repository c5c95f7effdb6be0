-- A product's model code and specifications are searched with the rest: the model code beside
-- the name (weight A, its letters and number joined as a name's are, so 'GP-2000', 'gp 2000' and
-- 'gp2000' all find it), the specifications' values and units with the description. Not their
-- names: 'Height' or 'Standard' stand on most products, so 'stand' or 'height' would find them all.
-- Every function that computes search text or a vector takes them, and the triggers fire when
-- they change.
CREATE OR REPLACE FUNCTION fieldhouse_specification_text(p_specs jsonb)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(concat_ws(' ', e->>'value', e->>'unit'), ' ' ORDER BY n)
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p_specs) = 'array' THEN p_specs ELSE '[]'::jsonb END)
         WITH ORDINALITY AS t(e, n)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_search_text(p_id integer, p_name text, p_model_code text, p_specs jsonb, p_description text, p_sport_id integer)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ',
    p_name,
    p_model_code,
    (SELECT s.name FROM sports s WHERE s.id = p_sport_id),
    (SELECT string_agg(c.name, ' ' ORDER BY c.name)
       FROM products_categories pc JOIN categories c ON c.id = pc.category_id
      WHERE pc.product_id = p_id),
    fieldhouse_specification_text(p_specs),
    p_description))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_search_vector(p_id integer, p_name text, p_model_code text, p_specs jsonb, p_description text, p_sport_id integer)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(fieldhouse_text_vector(concat_ws(' ',
           p_name, fieldhouse_joined_words(p_name),
           p_model_code, fieldhouse_joined_words(p_model_code))), 'A')
      || setweight(fieldhouse_text_vector(concat_ws(' ',
           (SELECT s.name FROM sports s WHERE s.id = p_sport_id),
           (SELECT string_agg(c.name, ' ')
              FROM products_categories pc JOIN categories c ON c.id = pc.category_id
             WHERE pc.product_id = p_id))), 'B')
      || fieldhouse_text_vector(concat_ws(' ', fieldhouse_specification_text(p_specs), p_description))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := fieldhouse_search_text(NEW.id, NEW.name, NEW.model_code, NEW.specifications, NEW.description, NEW.sport_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (id, created_at, sport_id, status, search_vector)
  SELECT n.id, n.created_at, n.sport_id, fieldhouse_listing_status(n.status, n.deleted_at),
         fieldhouse_search_vector(n.id, n.name, n.model_code, n.specifications, n.description, n.sport_id)
    FROM inserted_products n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_product_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search
     SET created_at = NEW.created_at,
         sport_id = NEW.sport_id,
         search_vector = fieldhouse_search_vector(NEW.id, NEW.name, NEW.model_code, NEW.specifications, NEW.description, NEW.sport_id)
   WHERE id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_refresh_search(p_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p
     SET search_text = fieldhouse_search_text(p.id, p.name, p.model_code, p.specifications, p.description, p.sport_id)
   WHERE p.id = ANY (p_ids);
  UPDATE product_search s
     SET search_vector = fieldhouse_search_vector(p.id, p.name, p.model_code, p.specifications, p.description, p.sport_id)
    FROM products p
   WHERE p.id = s.id AND s.id = ANY (p_ids);
$$;
--> statement-breakpoint
DROP TRIGGER products_search_text ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_text BEFORE INSERT OR UPDATE OF name, model_code, specifications, description, sport_id ON products
  FOR EACH ROW EXECUTE FUNCTION fieldhouse_products_search_text();
--> statement-breakpoint
DROP TRIGGER products_search_edited ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_edited AFTER UPDATE OF name, model_code, specifications, description, sport_id, created_at ON products
  FOR EACH ROW EXECUTE FUNCTION fieldhouse_product_edited();
--> statement-breakpoint
DROP FUNCTION fieldhouse_search_text(integer, text, text, integer);
--> statement-breakpoint
DROP FUNCTION fieldhouse_search_vector(integer, text, text, integer);
