DROP INDEX "devices_station_idx";--> statement-breakpoint
CREATE INDEX "devices_station_status_idx" ON "devices" USING btree ("station_id","status");--> statement-breakpoint
CREATE INDEX "stations_created_idx" ON "stations" USING btree ("created_at","station_id");--> statement-breakpoint
CREATE INDEX "stations_name_idx" ON "stations" USING btree (lower("station_name"),"station_id");--> statement-breakpoint
CREATE INDEX "stations_capacity_idx" ON "stations" USING btree ("capacity_kwp","station_id");