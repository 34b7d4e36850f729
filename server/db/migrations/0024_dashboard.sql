CREATE TABLE "cancellation_digests" (
	"agency_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellation_digests_agency_id_day_pk" PRIMARY KEY("agency_id","day")
);
--> statement-breakpoint
ALTER TABLE "cancellation_digests" ADD CONSTRAINT "cancellation_digests_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_agency_open_idx" ON "bookings" USING btree ("agency_id","created_at") WHERE "bookings"."status" IN ('quotation_request', 'payment_required');--> statement-breakpoint
CREATE INDEX "bookings_completed_tour_date_idx" ON "bookings" USING btree ("tour_date") WHERE "bookings"."status" = 'completed';