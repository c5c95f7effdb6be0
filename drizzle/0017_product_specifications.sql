ALTER TABLE "products" ADD COLUMN "model_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "specifications" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_model_code_idx" ON "products" USING btree (lower("model_code"));