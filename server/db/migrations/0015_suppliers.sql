CREATE TYPE "public"."offer_availability_type" AS ENUM('start_time', 'opening_hours');--> statement-breakpoint
CREATE TYPE "public"."supplier_booking_status" AS ENUM('on_hold', 'confirmed', 'awaiting_supplier', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."supplier_product_status" AS ENUM('draft', 'published', 'changed', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."supplier_protocol" AS ENUM('octo');--> statement-breakpoint
CREATE TABLE "supplier_call_stats" (
	"supplier_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"timeouts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "supplier_call_stats_supplier_id_minute_pk" PRIMARY KEY("supplier_id","minute")
);
--> statement-breakpoint
CREATE TABLE "supplier_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"tour_id" uuid,
	"status" "supplier_product_status" DEFAULT 'draft' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"snapshot_hash" text NOT NULL,
	"pending_snapshot" jsonb,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"protocol" "supplier_protocol" DEFAULT 'octo' NOT NULL,
	"base_url" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"api_key_hint" text NOT NULL,
	"capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text DEFAULT 'AED' NOT NULL,
	"external_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_sync_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "availability_type" "offer_availability_type" DEFAULT 'start_time' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "supplier_id" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "supplier_product_id" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "supplier_option_id" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "supplier_units" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "supplier_margin" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_booking_uuid" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_reference" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_status" "supplier_booking_status";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_tickets" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_error" text;--> statement-breakpoint
ALTER TABLE "supplier_call_stats" ADD CONSTRAINT "supplier_call_stats_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_products" ADD CONSTRAINT "supplier_products_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_products" ADD CONSTRAINT "supplier_products_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_call_stats_minute_idx" ON "supplier_call_stats" USING btree ("minute");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_products_external_unique" ON "supplier_products" USING btree ("supplier_id","external_id");--> statement-breakpoint
CREATE INDEX "supplier_products_tour_idx" ON "supplier_products" USING btree ("tour_id");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_awaiting_supplier_idx" ON "bookings" USING btree ("updated_at") WHERE "bookings"."supplier_status" = 'awaiting_supplier';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_supplier_uuid_unique" ON "bookings" USING btree ("supplier_booking_uuid");