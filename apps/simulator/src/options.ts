import { StationType, stationTypes } from '@helio/contracts';
import { z } from 'zod';

/**
 * What a simulator run is asked to do (PRODUCT.md §6). The device protocol and the physics arrive
 * with their own issues; the run options are fixed here so the CLI, the demo plants and the
 * benchmarks describe a fleet the same way.
 */
export const simulatorOptions = z.object({
  /** Broker to connect the virtual devices to, e.g. mqtt://127.0.0.1:1884. */
  broker_url: z.string().url(),
  /** Server API base used to provision the devices and fetch their credentials. */
  api_url: z.string().url(),
  stations: z.coerce.number().int().min(1).max(10_000).default(3),
  devices_per_station: z.coerce.number().int().min(1).max(64).default(3),
  station_types: z
    .array(z.coerce.number().pipe(z.union(stationTypes.map((t) => z.literal(t)))))
    .min(1)
    .default([StationType.residentialEss]),
  /** Seconds between two readings of one device, in simulated time. */
  interval_s: z.coerce.number().int().min(1).max(3600).default(60),
  /** How much faster than real time the plants run (1 = real time). */
  speed_up: z.coerce.number().min(1).max(100_000).default(1),
  /** Expected faults per device per simulated day. */
  fault_rate: z.coerce.number().min(0).max(100).default(0.05),
});

export type SimulatorOptions = z.output<typeof simulatorOptions>;
