CREATE TABLE "rum_daily" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"route" text NOT NULL,
	"metric" text NOT NULL,
	"device" text NOT NULL,
	"connection" text NOT NULL,
	"le" double precision NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "privacy_notice_version" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "privacy_notice_version" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "rum_daily_bucket_idx" ON "rum_daily" USING btree ("day","route","metric","device","connection","le");