ALTER TABLE "sessions" ADD COLUMN "scope" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "parent_session_id" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_parent_session_id_sessions_session_id_fk" FOREIGN KEY ("parent_session_id") REFERENCES "public"."sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_scope_check" CHECK ("sessions"."scope" in ('full', 'statistics'));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_parent_check" CHECK (("sessions"."scope" = 'full') = ("sessions"."parent_session_id" is null));