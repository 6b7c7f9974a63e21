-- Raw readings, partitioned by month of the device's time. Partitions are made on demand by
-- readings_partition() before a batch of a month without one is written; there is no default
-- partition, so a partition can always be created for any month.
CREATE TABLE "readings" (
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"seq" bigint NOT NULL,
	"values" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "readings_pkey" PRIMARY KEY ("device_id", "ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE FUNCTION readings_partition(month_start date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	name text := 'readings_' || to_char(month_start, 'YYYY_MM');
BEGIN
	IF to_regclass(name) IS NULL THEN
		EXECUTE format(
			'CREATE TABLE IF NOT EXISTS %I PARTITION OF readings FOR VALUES FROM (%L) TO (%L)',
			name,
			(month_start::timestamp AT TIME ZONE 'UTC'),
			((month_start + interval '1 month')::timestamp AT TIME ZONE 'UTC')
		);
	END IF;
EXCEPTION WHEN duplicate_table OR unique_violation THEN
	-- another writer made it at the same moment
	NULL;
END;
$$;
