CREATE TABLE "charging_plans" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"command_id" text,
	"sent_at" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charging_sessions" (
	"record_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_sessions_record_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"session_no" double precision NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"last_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"start" text,
	"energy_kwh" double precision DEFAULT 0 NOT NULL,
	"max_power_w" double precision DEFAULT 0 NOT NULL,
	"pv_kwh" double precision DEFAULT 0 NOT NULL,
	"battery_kwh" double precision DEFAULT 0 NOT NULL,
	"grid_kwh" double precision DEFAULT 0 NOT NULL,
	"cost" double precision,
	"counted_kwh" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charging_sessions_state_check" CHECK ("charging_sessions"."state" in ('charging', 'plugged', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "charging_plans" ADD CONSTRAINT "charging_plans_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charging_sessions_device_session" ON "charging_sessions" USING btree ("device_id","session_no");--> statement-breakpoint
CREATE INDEX "charging_sessions_station_started" ON "charging_sessions" USING btree ("station_id","started_at");