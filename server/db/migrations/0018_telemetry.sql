CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"locale" text,
	"session_id" text,
	"auth_user" text,
	"agency_id" uuid,
	"properties" jsonb
);
--> statement-breakpoint
CREATE TABLE "telemetry_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"severity" smallint,
	"message" text,
	"value" double precision,
	"host" text NOT NULL,
	"path" text,
	"locale" text,
	"session_id" text,
	"user_id" text,
	"auth_user" text,
	"agency_id" uuid,
	"properties" jsonb
);
--> statement-breakpoint
CREATE TABLE "telemetry_spans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trace_id" text NOT NULL,
	"span_id" text NOT NULL,
	"parent_span_id" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" double precision NOT NULL,
	"status" text NOT NULL,
	"host" text,
	"agency_id" uuid,
	"attributes" jsonb
);
--> statement-breakpoint
CREATE INDEX "analytics_events_name_idx" ON "analytics_events" USING btree ("name","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_idx" ON "analytics_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "telemetry_events_received_idx" ON "telemetry_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "telemetry_events_kind_idx" ON "telemetry_events" USING btree ("kind","occurred_at");--> statement-breakpoint
CREATE INDEX "telemetry_events_session_idx" ON "telemetry_events" USING btree ("session_id","occurred_at");--> statement-breakpoint
CREATE INDEX "telemetry_spans_started_idx" ON "telemetry_spans" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "telemetry_spans_trace_idx" ON "telemetry_spans" USING btree ("trace_id");