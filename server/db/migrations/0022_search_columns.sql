ALTER TABLE "tours" ADD COLUMN "search_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "from_price" integer;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "popularity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tours_search_text_trgm_idx" ON "tours" USING gin ("search_text" gin_trgm_ops);