CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"enquiry_id" integer NOT NULL,
	"owner" text NOT NULL,
	"event_id" integer,
	"response_id" integer,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" integer NOT NULL,
	"credited_invoice_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"customer_name" text NOT NULL,
	"customer_organisation" text,
	"customer_address" text,
	"gst_reg_no" text,
	"gst_rate_basis_points" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"gst_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"reason" text,
	"pdf" "bytea" NOT NULL,
	"pdf_sha256" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"enquiry_id" integer NOT NULL,
	"quotation_id" integer NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"po_number" text,
	"scheduled_for" text,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_drafts" (
	"enquiry_id" integer PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"name" text,
	"designation" text,
	"po_number" text,
	"message" text,
	"client_address" text,
	"pdf_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "enquiry_events" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "enquiry_events" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "enquiry_events" ADD COLUMN "from_order_status" text;--> statement-breakpoint
ALTER TABLE "enquiry_events" ADD COLUMN "to_order_status" text;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD COLUMN "discount_kind" text;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD COLUMN "discount_value" integer;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
-- Quotations sent before this migration: valid for their validity days from when they were sent.
UPDATE "quotations" SET "valid_until" = "created_at" + make_interval(days => "validity_days");--> statement-breakpoint
ALTER TABLE "quotations" ALTER COLUMN "valid_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "attention_name" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "attention_organisation" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "attention_address" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "buyer_reference" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "gebiz_reference" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "gst_reg_no" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "discount_kind" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "discount_value" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "pdf_sha256" text;--> statement-breakpoint
UPDATE "quotations" SET "pdf_sha256" = encode(sha256("pdf"), 'hex');--> statement-breakpoint
ALTER TABLE "quotations" ALTER COLUMN "pdf_sha256" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "action_token_hash" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_event_id_enquiry_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."enquiry_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_response_id_quotation_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."quotation_responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_drafts" ADD CONSTRAINT "quotation_drafts_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_drafts" ADD CONSTRAINT "quotation_drafts_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_responses" ADD CONSTRAINT "quotation_responses_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_responses" ADD CONSTRAINT "quotation_responses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_enquiry_id_idx" ON "attachments" USING btree ("enquiry_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_storage_key_idx" ON "attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_kind_year_sequence_idx" ON "invoices" USING btree ("kind","year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_order_id_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quotation_id_idx" ON "orders" USING btree ("quotation_id");--> statement-breakpoint
CREATE INDEX "orders_enquiry_id_idx" ON "orders" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotation_responses_quotation_id_idx" ON "quotation_responses" USING btree ("quotation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_responses_final_idx" ON "quotation_responses" USING btree ("quotation_id") WHERE kind IN ('accepted', 'declined');--> statement-breakpoint
ALTER TABLE "enquiry_events" ADD CONSTRAINT "enquiry_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_events" ADD CONSTRAINT "enquiry_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_action_token_hash_idx" ON "quotations" USING btree ("action_token_hash");--> statement-breakpoint
CREATE INDEX "quotations_open_idx" ON "quotations" USING btree ("status","valid_until");--> statement-breakpoint
-- An issued tax invoice or credit note is a legal record: it never changes and is never deleted.
-- A mistake is corrected by a credit note, so the database refuses every UPDATE and DELETE.
CREATE FUNCTION fieldhouse_refuse_invoice_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'An issued invoice or credit note cannot be changed or deleted'
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_never_change BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION fieldhouse_refuse_invoice_change();--> statement-breakpoint
CREATE TRIGGER invoices_never_truncated BEFORE TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION fieldhouse_refuse_invoice_change();