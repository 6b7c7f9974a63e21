CREATE TABLE "jobs" (
	"job_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_job_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"every_s" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"rerun" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('waiting', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "given_up_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" in ('waiting', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_periodic_name_key" ON "jobs" USING btree ("name") WHERE "jobs"."every_s" is not null;--> statement-breakpoint
-- mail kept but never delivered in the last day (a failed send used to be written once) is tried again
INSERT INTO "jobs" ("name", "payload", "run_at", "created_at", "updated_at")
SELECT 'mail.deliver', jsonb_build_object('mail_id', "mail_id"), now(), "created_at", now()
FROM "outbox" WHERE "sent_at" IS NULL AND "created_at" > now() - interval '24 hours';
