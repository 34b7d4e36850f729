CREATE TYPE "public"."staff_role" AS ENUM('operator', 'operator-admin');--> statement-breakpoint
CREATE TYPE "public"."staff_status" AS ENUM('active', 'disabled');--> statement-breakpoint
ALTER TYPE "public"."agency_status" ADD VALUE 'rejected';--> statement-breakpoint
ALTER TYPE "public"."file_purpose" ADD VALUE 'tourImage';--> statement-breakpoint
CREATE TABLE "agency_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"month" date NOT NULL,
	"amount_minor" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" "staff_role" DEFAULT 'operator' NOT NULL,
	"status" "staff_status" DEFAULT 'active' NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text NOT NULL,
	"totp_last_step" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "agency_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "entity_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "agency_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "payment_terms_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "deposit_notices" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "deposit_notices" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "uploaded_by_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "agency_invoices" ADD CONSTRAINT "agency_invoices_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_invoices_agency_month_unique" ON "agency_invoices" USING btree ("agency_id","month");--> statement-breakpoint
CREATE INDEX "agency_invoices_unpaid_due_idx" ON "agency_invoices" USING btree ("due_on") WHERE "agency_invoices"."paid_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_email_unique" ON "staff_members" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_recovery_codes_unique" ON "staff_recovery_codes" USING btree ("staff_id","code_hash");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_staff_id_staff_members_id_fk" FOREIGN KEY ("actor_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_notices" ADD CONSTRAINT "deposit_notices_decided_by_staff_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_staff_id_staff_members_id_fk" FOREIGN KEY ("uploaded_by_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_requests_queue_idx" ON "bookings" USING btree ("created_at","reference") WHERE "bookings"."status" = 'quotation_request';--> statement-breakpoint
CREATE INDEX "deposit_notices_pending_idx" ON "deposit_notices" USING btree ("created_at") WHERE "deposit_notices"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");