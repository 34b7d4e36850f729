DROP INDEX "bookings_agency_created_idx";--> statement-breakpoint
CREATE INDEX "bookings_agency_tour_date_idx" ON "bookings" USING btree ("agency_id","tour_date","reference");--> statement-breakpoint
CREATE INDEX "bookings_agency_created_idx" ON "bookings" USING btree ("agency_id","created_at","reference");