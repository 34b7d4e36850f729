CREATE TYPE "public"."own_inventory_hold_status" AS ENUM('on_hold', 'confirmed', 'cancelled', 'expired');--> statement-breakpoint
CREATE TABLE "own_inventory_holds" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"offer_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"adults" integer NOT NULL,
	"children" integer NOT NULL,
	"infants" integer NOT NULL,
	"status" "own_inventory_hold_status" DEFAULT 'on_hold' NOT NULL,
	"holds_stock" boolean DEFAULT true NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"reseller_reference" text,
	"contact" jsonb,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "own_inventory_holds_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "own_inventory_holds" ADD CONSTRAINT "own_inventory_holds_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "own_inventory_holds" ADD CONSTRAINT "own_inventory_holds_slot_id_availability_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."availability_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "own_inventory_holds_expiry_idx" ON "own_inventory_holds" USING btree ("hold_expires_at");