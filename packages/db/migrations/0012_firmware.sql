CREATE TABLE "firmware_files" (
	"file_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "firmware_files_file_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"model_id" integer NOT NULL,
	"part" text NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"min_version" text,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "firmware_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"device_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_models" (
	"model_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "firmware_models_model_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"series_id" integer NOT NULL,
	"name" text NOT NULL,
	"device_type" smallint NOT NULL,
	"parts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_series" (
	"series_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "firmware_series_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_uploads" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upgrade_task_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upgrade_task_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"position" integer NOT NULL,
	"stage" integer NOT NULL,
	"file_id" integer NOT NULL,
	"part" text NOT NULL,
	"from_version" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"status" smallint,
	"progress_pct" smallint,
	"message" text,
	"command_id" text,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upgrade_task_devices_state_check" CHECK ("upgrade_task_devices"."state" in ('queued', 'sent', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "upgrade_tasks" (
	"task_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upgrade_tasks_task_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"owner_id" integer NOT NULL,
	"model" text NOT NULL,
	"device_type" smallint NOT NULL,
	"files" jsonb NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"pause_reason" text,
	"start_at" timestamp with time zone NOT NULL,
	"canary_size" integer NOT NULL,
	"batch_size" integer NOT NULL,
	"failure_threshold_pct" integer NOT NULL,
	"counted_from" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "upgrade_tasks_state_check" CHECK ("upgrade_tasks"."state" in ('scheduled', 'running', 'paused', 'cancelled', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "firmware_parts" jsonb;--> statement-breakpoint
ALTER TABLE "firmware_files" ADD CONSTRAINT "firmware_files_model_id_firmware_models_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."firmware_models"("model_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_files" ADD CONSTRAINT "firmware_files_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_links" ADD CONSTRAINT "firmware_links_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_models" ADD CONSTRAINT "firmware_models_series_id_firmware_series_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."firmware_series"("series_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_uploads" ADD CONSTRAINT "firmware_uploads_uploaded_by_users_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_task_devices" ADD CONSTRAINT "upgrade_task_devices_task_id_upgrade_tasks_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."upgrade_tasks"("task_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_task_devices" ADD CONSTRAINT "upgrade_task_devices_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_task_devices" ADD CONSTRAINT "upgrade_task_devices_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_task_devices" ADD CONSTRAINT "upgrade_task_devices_file_id_firmware_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."firmware_files"("file_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_tasks" ADD CONSTRAINT "upgrade_tasks_owner_id_users_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_tasks" ADD CONSTRAINT "upgrade_tasks_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_files_name_key" ON "firmware_files" USING btree (lower("name")) WHERE "firmware_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "firmware_files_model_idx" ON "firmware_files" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "firmware_links_expires_idx" ON "firmware_links" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_models_name_key" ON "firmware_models" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "firmware_models_series_idx" ON "firmware_models" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_series_name_key" ON "firmware_series" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "upgrade_task_devices_task_idx" ON "upgrade_task_devices" USING btree ("task_id","position");--> statement-breakpoint
CREATE INDEX "upgrade_task_devices_device_idx" ON "upgrade_task_devices" USING btree ("device_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "upgrade_task_devices_command_key" ON "upgrade_task_devices" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX "upgrade_task_devices_station_idx" ON "upgrade_task_devices" USING btree ("station_id","finished_at");--> statement-breakpoint
CREATE INDEX "upgrade_tasks_owner_idx" ON "upgrade_tasks" USING btree ("owner_id","task_id");--> statement-breakpoint
CREATE INDEX "upgrade_tasks_active_idx" ON "upgrade_tasks" USING btree ("state") WHERE "upgrade_tasks"."state" in ('scheduled', 'running');