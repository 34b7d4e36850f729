CREATE TABLE "replay_agency_settings" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"opted_out" boolean DEFAULT false NOT NULL,
	"retention_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replay_chunks" (
	"session_id" text NOT NULL,
	"seq" integer NOT NULL,
	"first_event_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"event_count" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	"format" smallint DEFAULT 1 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replay_chunks_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
CREATE TABLE "replay_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"locale" text,
	"auth_user" text,
	"agency_id" uuid,
	"entry_path" text,
	"started_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"ended_reason" text
);
--> statement-breakpoint
ALTER TABLE "replay_chunks" ADD CONSTRAINT "replay_chunks_session_id_replay_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."replay_sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replay_sessions_agency_idx" ON "replay_sessions" USING btree ("agency_id","started_at");--> statement-breakpoint
CREATE INDEX "replay_sessions_received_idx" ON "replay_sessions" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "replay_sessions_started_idx" ON "replay_sessions" USING btree ("started_at");