ALTER TYPE "public"."file_purpose" ADD VALUE 'agencyLogo';--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD CONSTRAINT "agency_profiles_logo_file_id_stored_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;