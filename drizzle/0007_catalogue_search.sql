CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "search_terms_term_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_order_idx" ON "products" USING btree (lower("name"),"id");--> statement-breakpoint
-- Full-text search (docs/decisions/005-catalogue-search.md). The 'simple' configuration: no
-- stemming or stop words, so a word typed in part ('goalp') still prefix-matches and no language
-- guesses are made about product names; plurals are handled when the query is built.
-- Adjacent letter-words of a text joined ('Goal Post' -> 'goalpost', 'Pull-Up' -> 'pullup'), so a
-- search for the compound finds the spaced or hyphenated name.
CREATE OR REPLACE FUNCTION fieldhouse_joined_words(p_text text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg(w.word || w.next, ' '), '')
    FROM (SELECT t.word, lead(t.word) OVER (ORDER BY t.n) AS next
            FROM regexp_split_to_table(lower(p_text), '[^[:alpha:]]+') WITH ORDINALITY AS t(word, n)
           WHERE t.word <> '') w
   WHERE w.next IS NOT NULL
$$;
--> statement-breakpoint
-- Name words weigh A, sport and category names B, the description D (the default weight): the
-- query ranks by where all its words were found.
CREATE OR REPLACE FUNCTION fieldhouse_search_vector(p_id integer, p_name text, p_description text, p_sport_id integer)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('simple', p_name || ' ' || fieldhouse_joined_words(p_name)), 'A')
      || setweight(to_tsvector('simple', concat_ws(' ',
           (SELECT s.name FROM sports s WHERE s.id = p_sport_id),
           (SELECT string_agg(c.name, ' ')
              FROM products_categories pc JOIN categories c ON c.id = pc.category_id
             WHERE pc.product_id = p_id))), 'B')
      || to_tsvector('simple', coalesce(p_description, ''))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := fieldhouse_search_text(NEW.id, NEW.name, NEW.description, NEW.sport_id);
  NEW.search_vector := fieldhouse_search_vector(NEW.id, NEW.name, NEW.description, NEW.sport_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_links_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p
     SET search_text = fieldhouse_search_text(p.id, p.name, p.description, p.sport_id),
         search_vector = fieldhouse_search_vector(p.id, p.name, p.description, p.sport_id)
   WHERE p.id IN (SELECT DISTINCT product_id FROM new_links);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_links_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p
     SET search_text = fieldhouse_search_text(p.id, p.name, p.description, p.sport_id),
         search_vector = fieldhouse_search_vector(p.id, p.name, p.description, p.sport_id)
   WHERE p.id IN (SELECT DISTINCT product_id FROM old_links);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_sport_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE products p
       SET search_text = fieldhouse_search_text(p.id, p.name, p.description, p.sport_id),
           search_vector = fieldhouse_search_vector(p.id, p.name, p.description, p.sport_id)
     WHERE p.sport_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE products p
       SET search_text = fieldhouse_search_text(p.id, p.name, p.description, p.sport_id),
           search_vector = fieldhouse_search_vector(p.id, p.name, p.description, p.sport_id)
     WHERE p.id IN (SELECT product_id FROM products_categories WHERE category_id = NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The vocabulary for typo correction: every letters-only word of 3+ letters in a product's search
-- text (not its vector: joined words such as 'goalnet' would be corrections for 'goalpst').
-- Statement-level with a transition table, so a bulk insert adds its words once.
CREATE OR REPLACE FUNCTION fieldhouse_collect_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT DISTINCT l.lexeme
    FROM changed_products p, unnest(to_tsvector('simple', p.search_text)) AS l
   WHERE l.lexeme ~ '^[[:alpha:]]{3,}$'
  ON CONFLICT (term) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_terms_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION fieldhouse_collect_search_terms();
--> statement-breakpoint
CREATE TRIGGER products_search_terms_updated AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION fieldhouse_collect_search_terms();
--> statement-breakpoint
UPDATE products p SET search_vector = fieldhouse_search_vector(p.id, p.name, p.description, p.sport_id);
--> statement-breakpoint
-- Built after the backfill: one pass instead of maintaining the index row by row.
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");
