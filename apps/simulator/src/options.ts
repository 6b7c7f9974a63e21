import { StationType, stationTypes } from '@helio/contracts';
import { z } from 'zod';
import { upgradeFailureKinds } from './devices/upgrade.ts';
import { defaultOutageMinutes } from './plant/presets.ts';

/**
 * What a simulator run is asked to do (PRODUCT.md §6): the options of `npm run simulate`, also
 * what the demo plants and the benchmarks describe a fleet with. Numbers come from the command
 * line as text and are coerced.
 */
export const simulatorOptions = z.object({
  /** Broker to connect the virtual devices to, e.g. mqtt://127.0.0.1:1884; default: what the API issued. */
  broker_url: z.string().url().optional(),
  /** Server API base used to provision the devices and fetch their credentials. */
  api_url: z.string().url().optional(),
  /** An installer of the portal, to provision through the API. */
  user: z.string().min(1).optional(),
  password: z.string().min(1).optional(),
  /** A fleet file (written by an earlier provisioning run) to simulate instead of provisioning. */
  devices_file: z.string().min(1).optional(),
  /** Where to write the provisioned fleet (devices and their secrets). */
  save_file: z.string().min(1).optional(),
  stations: z.coerce.number().int().min(1).max(10_000).default(3),
  devices_per_station: z.coerce.number().int().min(1).max(32).default(3),
  station_types: z
    .array(z.coerce.number().pipe(z.union(stationTypes.map((t) => z.literal(t)))))
    .min(1)
    .default([StationType.residentialEss]),
  /** Place names or regions (`europe`, `south_america`, `asia`, `all`); stations go round-robin. */
  locations: z.array(z.string().min(1)).min(1).default(['all']),
  /** Seconds between two readings of one device, in simulated time. */
  interval_s: z.coerce.number().int().min(1).max(3600).default(60),
  /** How much faster than real time the plants run while they catch up with the present (1 = real time). */
  speed_up: z.coerce.number().min(1).max(100_000).default(1),
  /**
   * With a speed-up: how far back simulated time starts, in hours, to catch up from (readings are
   * never stamped ahead of the real clock). Default 24 when speed_up > 1.
   */
  catch_up_hours: z.coerce
    .number()
    .min(0)
    .max(24 * 366)
    .optional(),
  /** Expected faults per device per simulated day. */
  fault_rate: z.coerce.number().min(0).max(100).default(0.05),
  /** Expected uplink drops per station per simulated day; default: the fault rate. */
  offline_rate: z.coerce.number().min(0).max(100).optional(),
  /** Share of upgrades of a good image that fail on purpose, 0–1. */
  upgrade_failure_rate: z.coerce.number().min(0).max(1).default(0.1),
  /** The kinds of those failures (default: every kind, fetch failures the likeliest). */
  upgrade_failures: z.array(z.enum(upgradeFailureKinds)).min(1).optional(),
  /**
   * The maker's Ed25519 public keys, base64 of the raw 32 bytes, as the portal's FIRMWARE_KEYS: a
   * device flashes only images signed with one of them (none: every upgrade fails its file check).
   */
  firmware_keys: z
    .array(z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'a raw 32-byte Ed25519 public key in base64'))
    .default([]),
  /** Expected grid outages per C&I station per simulated day (their STS islands, their generator runs). */
  outage_rate: z.coerce.number().min(0).max(24).default(0),
  /** Mean length of a grid outage, minutes. */
  outage_minutes: z.coerce.number().min(1).max(720).default(defaultOutageMinutes),
  /** Days of history written through the backfill path before the live run. */
  backfill_days: z.coerce.number().min(0).max(366).default(0),
  /** Seconds between two readings of the history. */
  backfill_interval_s: z.coerce.number().int().min(1).max(3600).default(300),
  /** Same seed, same stations → same readings. */
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(1),
  /** New MQTT connections per second while the fleet comes up. */
  connect_rate: z.coerce.number().min(1).max(10_000).default(200),
  /** Seconds between two printed summaries. */
  summary_s: z.coerce.number().min(1).max(3600).default(10),
});

export type SimulatorOptions = z.output<typeof simulatorOptions>;
