CREATE TABLE "enquiry_category_days" (
	"day" date NOT NULL,
	"category_id" integer NOT NULL,
	"enquiries" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "enquiry_category_days_day_category_id_pk" PRIMARY KEY("day","category_id")
);
--> statement-breakpoint
CREATE TABLE "enquiry_product_days" (
	"day" date NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"enquiries" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "enquiry_product_days_key" UNIQUE NULLS NOT DISTINCT("day","product_id","product_name")
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "first_answered_at" timestamp with time zone;--> statement-breakpoint
-- The reports' figures kept as the rows are written, so a report over a year reads a day's
-- totals instead of every line and timeline entry (schema.ts says what each holds). The
-- enquiry's Singapore day is its calendar day there. Rows are counted in key order, so two
-- enquiries written at once lock the same totals in the same order and never wait on each other
-- in a circle.
UPDATE "enquiries" e SET "first_answered_at" = f.at
  FROM (SELECT enquiry_id, min(created_at) AS at FROM "enquiry_events"
         WHERE kind IN ('reply', 'quotation') GROUP BY enquiry_id) f
 WHERE e.id = f.enquiry_id;
--> statement-breakpoint
INSERT INTO "enquiry_product_days" (day, product_id, product_name, enquiries, quantity)
SELECT (e.created_at AT TIME ZONE 'Asia/Singapore')::date, i.product_id, i.product_name,
       count(DISTINCT i.enquiry_id), sum(i.quantity)
  FROM "enquiry_items" i JOIN "enquiries" e ON e.id = i.enquiry_id
 GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "enquiry_category_days" (day, category_id, enquiries, quantity)
SELECT (e.created_at AT TIME ZONE 'Asia/Singapore')::date, pc.category_id,
       count(DISTINCT i.enquiry_id), sum(i.quantity)
  FROM "enquiry_items" i JOIN "enquiries" e ON e.id = i.enquiry_id
  JOIN "products_categories" pc ON pc.product_id = i.product_id
 GROUP BY 1, 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_count_enquiry_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enquiry_product_days AS d (day, product_id, product_name, enquiries, quantity)
  SELECT (e.created_at AT TIME ZONE 'Asia/Singapore')::date, a.product_id, a.product_name,
         count(DISTINCT a.enquiry_id), sum(a.quantity)
    FROM added a JOIN enquiries e ON e.id = a.enquiry_id
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT enquiry_product_days_key DO UPDATE
     SET enquiries = d.enquiries + excluded.enquiries, quantity = d.quantity + excluded.quantity;
  INSERT INTO enquiry_category_days AS d (day, category_id, enquiries, quantity)
  SELECT (e.created_at AT TIME ZONE 'Asia/Singapore')::date, pc.category_id,
         count(DISTINCT a.enquiry_id), sum(a.quantity)
    FROM added a JOIN enquiries e ON e.id = a.enquiry_id
    JOIN products_categories pc ON pc.product_id = a.product_id
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (day, category_id) DO UPDATE
     SET enquiries = d.enquiries + excluded.enquiries, quantity = d.quantity + excluded.quantity;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enquiry_items_count AFTER INSERT ON "enquiry_items"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fieldhouse_count_enquiry_items();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fieldhouse_note_first_answer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE enquiries e SET first_answered_at = f.at
    FROM (SELECT enquiry_id, min(created_at) AS at FROM added
           WHERE kind IN ('reply', 'quotation') GROUP BY enquiry_id) f
   WHERE e.id = f.enquiry_id AND (e.first_answered_at IS NULL OR f.at < e.first_answered_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enquiry_events_first_answer AFTER INSERT ON "enquiry_events"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fieldhouse_note_first_answer();
