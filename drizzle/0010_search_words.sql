-- A search splits what a visitor types into words its own way (search.server.ts parseSearch: runs
-- of letters and digits, with '.digits' groups as in '3.05'), and PostgreSQL's parser splits a
-- product's text another way: 'GP-2000' into 'gp' and '-2000' (a signed number), '21e2f7' into
-- '21e2' (scientific notation) and 'f7'. So 'GP-2000', '2000' and '21e2f7' found nothing. A text's
-- vector now also holds the words a search would split it into that the parser left out, each at
-- one position so the caller's weight applies. Words over 2046 bytes are left out, as the parser
-- leaves them out (a tsvector cannot hold them).
--
-- The words of a text as a search splits them, in order, lower-cased.
CREATE OR REPLACE FUNCTION fieldhouse_search_words(p_text text)
RETURNS TABLE (word text, n bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT t.m[1], t.n
    FROM regexp_matches(lower(coalesce(p_text, '')), '([[:alnum:]]+(?:\.[[:digit:]]+)*)', 'g')
         WITH ORDINALITY AS t(m, n)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_text_vector(p_text text)
RETURNS tsvector LANGUAGE plpgsql STABLE AS $$
DECLARE
  parsed tsvector := to_tsvector('simple', coalesce(p_text, ''));
  known text[] := tsvector_to_array(parsed);
  missing text;
BEGIN
  SELECT string_agg(DISTINCT '''' || w.word || ''':1', ' ') INTO missing
    FROM fieldhouse_search_words(p_text) w
   WHERE octet_length(w.word) <= 2046 AND NOT w.word = ANY (known);
  RETURN parsed || coalesce(missing::tsvector, ''::tsvector);
END $$;
--> statement-breakpoint
-- Neighbouring words of a name joined: two words of letters as before ('Goal Post' -> 'goalpost'),
-- and now also letters beside a number, so a model code meets written together, apart or
-- hyphenated ('GP-2000' -> 'gp2000', 'SC 24' -> 'sc24'; search.server.ts joins the same pairs).
-- Numbers with a dot and two numbers are never joined.
CREATE OR REPLACE FUNCTION fieldhouse_joined_words(p_text text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg(w.word || w.next, ' '), '')
    FROM (SELECT t.word, lead(t.word) OVER (ORDER BY t.n) AS next
            FROM fieldhouse_search_words(p_text) t) w
   WHERE (w.word ~ '^[[:alpha:]]+$' AND w.next ~ '^([[:alpha:]]+|[[:digit:]]+)$')
      OR (w.word ~ '^[[:digit:]]+$' AND w.next ~ '^[[:alpha:]]+$')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_search_vector(p_id integer, p_name text, p_description text, p_sport_id integer)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(fieldhouse_text_vector(p_name || ' ' || fieldhouse_joined_words(p_name)), 'A')
      || setweight(fieldhouse_text_vector(concat_ws(' ',
           (SELECT s.name FROM sports s WHERE s.id = p_sport_id),
           (SELECT string_agg(c.name, ' ')
              FROM products_categories pc JOIN categories c ON c.id = pc.category_id
             WHERE pc.product_id = p_id))), 'B')
      || fieldhouse_text_vector(p_description)
$$;
--> statement-breakpoint
-- Each vector computed once, and written only where it changes.
UPDATE products p SET search_vector = n.vector
  FROM (SELECT id, fieldhouse_search_vector(id, name, description, sport_id) AS vector
          FROM products) n
 WHERE n.id = p.id AND p.search_vector IS DISTINCT FROM n.vector;
