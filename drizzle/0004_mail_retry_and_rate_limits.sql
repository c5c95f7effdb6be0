CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "pending_mail_unsent_idx";--> statement-breakpoint
ALTER TABLE "pending_mail" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_mail" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pending_mail_unsent_idx" ON "pending_mail" USING btree ("sent_at","next_attempt_at");