CREATE TABLE "import_job_rows" (
	"job_id" integer NOT NULL,
	"row" integer NOT NULL,
	"action" text NOT NULL,
	"product_id" integer,
	"revision" integer,
	"name" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	CONSTRAINT "import_job_rows_job_id_row_pk" PRIMARY KEY("job_id","row")
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'checking' NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"file_name" text NOT NULL,
	"images_file_name" text,
	"create_taxonomy" boolean DEFAULT false NOT NULL,
	"phase" text DEFAULT 'rows' NOT NULL,
	"phase_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"images_total" integer DEFAULT 0 NOT NULL,
	"images_done" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"images" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "specifications" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_job_rows" ADD CONSTRAINT "import_job_rows_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_created_at_idx" ON "import_jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "products_model_code_idx" ON "products" USING btree (lower("model_code"));