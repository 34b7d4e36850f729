CREATE TYPE "public"."amendment_status" AS ENUM('pending_payment', 'applied', 'failed');--> statement-breakpoint
ALTER TYPE "public"."payment_purpose" ADD VALUE 'amendment';--> statement-breakpoint
CREATE TABLE "booking_amendments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"requested_by" uuid,
	"idempotency_key" text NOT NULL,
	"request_fingerprint" text NOT NULL,
	"status" "amendment_status" NOT NULL,
	"method" text NOT NULL,
	"from_state" jsonb NOT NULL,
	"to_state" jsonb NOT NULL,
	"difference_minor" integer NOT NULL,
	"settled_minor" integer NOT NULL,
	"refund_percent" integer,
	"fee_minor" integer DEFAULT 0 NOT NULL,
	"payment_id" uuid,
	"from_issue" integer NOT NULL,
	"applied_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_names" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "document_issue" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_amendments" ADD CONSTRAINT "booking_amendments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_amendments" ADD CONSTRAINT "booking_amendments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_amendments" ADD CONSTRAINT "booking_amendments_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_amendments" ADD CONSTRAINT "booking_amendments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_amendments_booking_key_unique" ON "booking_amendments" USING btree ("booking_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_amendments_one_pending" ON "booking_amendments" USING btree ("booking_id") WHERE "booking_amendments"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "booking_amendments_booking_created_idx" ON "booking_amendments" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_amendments_payment_unique" ON "booking_amendments" USING btree ("payment_id");