CREATE TABLE "staff_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"totp_secret" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "enrolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_enrolments" ADD CONSTRAINT "staff_enrolments_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_enrolments_token_unique" ON "staff_enrolments" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_enrolments_staff_idx" ON "staff_enrolments" USING btree ("staff_id");--> statement-breakpoint
UPDATE "staff_members" SET "enrolled_at" = "created_at" WHERE "enrolled_at" IS NULL;