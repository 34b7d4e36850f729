CREATE TYPE "public"."widget_domain_status" AS ENUM('pending', 'verified', 'failed');--> statement-breakpoint
CREATE TYPE "public"."widget_type" AS ENUM('single_tour', 'multi_tour', 'offers_only', 'embedded', 'multi_tour_embedded');--> statement-breakpoint
ALTER TYPE "public"."file_purpose" ADD VALUE 'widgetLogo';--> statement-breakpoint
ALTER TYPE "public"."file_purpose" ADD VALUE 'widgetHeroImage';--> statement-breakpoint
CREATE TABLE "widget_offers" (
	"widget_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sale_adult_minor" integer,
	"sale_child_minor" integer,
	"sale_trip_minor" integer,
	CONSTRAINT "widget_offers_widget_id_offer_id_pk" PRIMARY KEY("widget_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" "widget_type" NOT NULL,
	"currency" text DEFAULT 'AED' NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"offers_title" text DEFAULT '' NOT NULL,
	"footer_text" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"no_index" boolean DEFAULT false NOT NULL,
	"conversion_action_id" text DEFAULT '' NOT NULL,
	"hero_video_url" text DEFAULT '' NOT NULL,
	"hero_video_disabled" boolean DEFAULT false NOT NULL,
	"logo_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hero_image_file_id" uuid,
	"contacts" jsonb NOT NULL,
	"reservation_contacts" jsonb NOT NULL,
	"partners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"socials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"domain" text,
	"domain_status" "widget_domain_status",
	"domain_token" text NOT NULL,
	"domain_checked_at" timestamp with time zone,
	"domain_check" jsonb,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widgets_discount_percent_range" CHECK ("widgets"."discount_percent" BETWEEN 0 AND 90)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "widget_id" uuid;--> statement-breakpoint
ALTER TABLE "widget_offers" ADD CONSTRAINT "widget_offers_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_offers" ADD CONSTRAINT "widget_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_hero_image_file_id_stored_files_id_fk" FOREIGN KEY ("hero_image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_offers_offer_idx" ON "widget_offers" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "widgets_agency_idx" ON "widgets" USING btree ("agency_id","updated_at") WHERE "widgets"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "widgets_verified_domain_unique" ON "widgets" USING btree ("domain") WHERE "widgets"."domain_status" = 'verified' AND "widgets"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "widgets_domain_idx" ON "widgets" USING btree ("domain") WHERE "widgets"."domain" IS NOT NULL AND "widgets"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_widget_created_idx" ON "bookings" USING btree ("widget_id","created_at") WHERE "bookings"."widget_id" IS NOT NULL;