CREATE TYPE "public"."booking_status" AS ENUM('quotation_request', 'payment_required', 'completed', 'cancelled', 'payment_failed');--> statement-breakpoint
CREATE TYPE "public"."ledger_entry_kind" AS ENUM('opening', 'deposit', 'top_up', 'booking', 'refund', 'adjustment');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('balance', 'cash', 'request');--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"agency_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"tour_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"slot_id" uuid,
	"tour_date" date NOT NULL,
	"start_time" text,
	"adults" integer NOT NULL,
	"children" integer DEFAULT 0 NOT NULL,
	"infants" integer DEFAULT 0 NOT NULL,
	"guest_name" text NOT NULL,
	"guest_phone" text NOT NULL,
	"guest_email" text NOT NULL,
	"hotel_id" uuid,
	"room" text,
	"pick_up_time" text,
	"notes" text,
	"promo_code_id" uuid,
	"payment_method" "payment_method" NOT NULL,
	"status" "booking_status" NOT NULL,
	"request_reason" text,
	"currency" text DEFAULT 'AED' NOT NULL,
	"published_total_minor" integer NOT NULL,
	"net_total_minor" integer NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"paid_minor" integer DEFAULT 0 NOT NULL,
	"collection_minor" integer DEFAULT 0 NOT NULL,
	"holds_stock" boolean DEFAULT false NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"idempotency_key" text NOT NULL,
	"refund_minor" integer,
	"cancellation_fee_minor" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"booking_id" uuid,
	"kind" "ledger_entry_kind" NOT NULL,
	"debit_minor" integer DEFAULT 0 NOT NULL,
	"credit_minor" integer DEFAULT 0 NOT NULL,
	"balance_after_minor" integer NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_one_side" CHECK (("ledger_entries"."debit_minor" >= 0 AND "ledger_entries"."credit_minor" >= 0))
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer NOT NULL,
	"valid_until" date,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "balance_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_id_availability_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."availability_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_agency_idempotency_unique" ON "bookings" USING btree ("agency_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bookings_agency_created_idx" ON "bookings" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_agent_created_idx" ON "bookings" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_agency_created_idx" ON "ledger_entries" USING btree ("agency_id","created_at");--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_left_by_type_non_negative" CHECK ("availability_slots"."left_adults" >= 0 AND "availability_slots"."left_children" >= 0);