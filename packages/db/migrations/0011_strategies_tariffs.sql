CREATE TABLE "device_strategies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_strategies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"template_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"command_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"batch_id" text NOT NULL,
	"applied_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "device_strategies_state_check" CHECK ("device_strategies"."state" in ('pending', 'applied', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "strategy_templates" (
	"template_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "strategy_templates_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
	"owner_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"body" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strategy_templates_owner_check" CHECK ("strategy_templates"."system" = ("strategy_templates"."owner_id" is null))
);
--> statement-breakpoint
CREATE TABLE "station_flow_days" (
	"station_id" integer NOT NULL,
	"day" date NOT NULL,
	"consumption_kwh" double precision NOT NULL,
	"self_supplied_kwh" double precision NOT NULL,
	"pv_kwh" double precision NOT NULL,
	"pv_on_site_kwh" double precision NOT NULL,
	"battery_grid_share" double precision NOT NULL,
	"flows" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_flow_days_station_id_day_pk" PRIMARY KEY("station_id","day")
);
--> statement-breakpoint
CREATE TABLE "station_tariff_days" (
	"station_id" integer NOT NULL,
	"day" date NOT NULL,
	"band" text NOT NULL,
	"import_kwh" double precision NOT NULL,
	"export_kwh" double precision NOT NULL,
	"charge_kwh" double precision NOT NULL,
	"discharge_kwh" double precision NOT NULL,
	"consumption_kwh" double precision NOT NULL,
	"pv_kwh" double precision NOT NULL,
	"cost" double precision NOT NULL,
	"feed_in" double precision NOT NULL,
	"saving" double precision NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_tariff_days_station_id_day_band_pk" PRIMARY KEY("station_id","day","band"),
	CONSTRAINT "station_tariff_days_band_check" CHECK ("station_tariff_days"."band" in ('peak', 'shoulder', 'valley'))
);
--> statement-breakpoint
CREATE TABLE "station_tariffs" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_strategies" ADD CONSTRAINT "device_strategies_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_strategies" ADD CONSTRAINT "device_strategies_template_id_strategy_templates_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."strategy_templates"("template_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_templates" ADD CONSTRAINT "strategy_templates_owner_id_users_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_flow_days" ADD CONSTRAINT "station_flow_days_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_tariff_days" ADD CONSTRAINT "station_tariff_days_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_tariffs" ADD CONSTRAINT "station_tariffs_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_strategies_device_idx" ON "device_strategies" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "device_strategies_template_idx" ON "device_strategies" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_strategies_command" ON "device_strategies" USING btree ("command_id");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_templates_owner_name" ON "strategy_templates" USING btree ("owner_id",lower("name")) WHERE "strategy_templates"."owner_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_templates_system_kind" ON "strategy_templates" USING btree ("kind") WHERE "strategy_templates"."system";