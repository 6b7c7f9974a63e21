CREATE TABLE "device_diagnostics" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_diagnostics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"topic" text,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_settings" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"command_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_unlocks" (
	"session_id" bigint NOT NULL,
	"device_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "device_unlocks_session_id_device_id_pk" PRIMARY KEY("session_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "settings_pwd_hash" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "settings_pwd_hash" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "answer" jsonb;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "report" jsonb;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_diagnostics" ADD CONSTRAINT "device_diagnostics_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_settings" ADD CONSTRAINT "device_settings_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_unlocks" ADD CONSTRAINT "device_unlocks_session_id_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_unlocks" ADD CONSTRAINT "device_unlocks_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_diagnostics_device_idx" ON "device_diagnostics" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "device_commands_device_created_idx" ON "device_commands" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_commands_client_key" ON "device_commands" USING btree ("device_id","client_key") WHERE "device_commands"."client_key" is not null;