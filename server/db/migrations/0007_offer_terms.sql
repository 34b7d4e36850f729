CREATE TYPE "public"."pick_up_mode" AS ENUM('none', 'optional', 'included');--> statement-breakpoint
ALTER TYPE "public"."ledger_entry_kind" ADD VALUE 'cancellation_fee';--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "pick_up" "pick_up_mode" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "cancellation_policy" jsonb DEFAULT '{"kind":"standard"}'::jsonb NOT NULL;--> statement-breakpoint
-- Offers of tours that collect guests from hotels include pick-up; the rest start as "none".
UPDATE "offers" SET "pick_up" = 'included' WHERE "tour_id" IN (SELECT DISTINCT "tour_id" FROM "pick_up_times");
