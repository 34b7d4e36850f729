ALTER TABLE "ledger_entries" ADD COLUMN "submission_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_agency_submission_unique" ON "ledger_entries" USING btree ("agency_id","submission_key");