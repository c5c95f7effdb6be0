ALTER TABLE "contact_messages" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "anonymised_at" timestamp with time zone;