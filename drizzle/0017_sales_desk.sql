CREATE TABLE "canned_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "contact_message_id" integer;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "waiting_for_us" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "canned_replies_title_idx" ON "canned_replies" USING btree (lower("title"));--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_contact_message_id_idx" ON "enquiries" USING btree ("contact_message_id");--> statement-breakpoint
CREATE INDEX "enquiries_activity_idx" ON "enquiries" USING btree ("waiting_for_us" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_assignee_activity_idx" ON "enquiries" USING btree ("assignee_id","waiting_for_us" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_search_trgm_idx" ON "enquiries" USING gin ((coalesce("reference", '') || chr(10) || coalesce("contact_name", '') || chr(10) || coalesce("contact_email", '') || chr(10) || coalesce("organisation", '') || chr(10) || coalesce("po_reference", '') || chr(10) || coalesce("message", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enquiry_events_body_trgm_idx" ON "enquiry_events" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enquiry_items_product_name_trgm_idx" ON "enquiry_items" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
-- Enquiries from before: their last activity is their latest timeline entry, and they wait for
-- us when the buyer had the last word, or when nobody had one and they are not quoted yet;
-- never when closed.
UPDATE "enquiries" e SET
  "last_activity_at" = coalesce((SELECT max(ev."created_at") FROM "enquiry_events" ev WHERE ev."enquiry_id" = e."id"), e."created_at"),
  "waiting_for_us" = e."status" <> 'closed' AND coalesce((
    SELECT ev."kind" IN ('accepted', 'declined', 'changes_requested', 'message')
    FROM "enquiry_events" ev
    WHERE ev."enquiry_id" = e."id"
      AND ev."kind" IN ('accepted', 'declined', 'changes_requested', 'message', 'reply', 'quotation', 'order', 'invoice', 'credit_note')
    ORDER BY ev."created_at" DESC, ev."id" DESC
    LIMIT 1
  ), e."status" IN ('new', 'in_progress'));
