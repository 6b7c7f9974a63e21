import { z } from 'zod';
import { emsParts } from '../../device-link/values.ts';
import { flowNodes } from '../../energy.ts';
import { deviceStates, pileStates, stationTypes } from '../../enums.ts';
import { formId } from '../../validation/common.ts';
import { defineCall } from '../call.ts';

/**
 * What a plant did and does (SPEC.md §2 station detail, §7 station calls; PRODUCT.md §4 energy):
 * the overview figures, the battery overview, the fleet's savings, which detail screen a station
 * has, its parallel inverters, the live power flow, the wallbox's charging and the EMS 5000
 * system. Energy figures are counter differences per station-local day, month and year; every
 * id is scoped like the station calls (9001 outside the caller's reach).
 */

const stationBody = z.object({ station_id: formId });

/** A read of one station the caller may see, sent form-encoded with its `station_id`. */
function stationRead<Data extends z.ZodType>(path: string, summary: string, data: Data) {
  return defineCall({
    path,
    summary,
    domain: 'station',
    access: 'user',
    kind: 'read',
    encoding: 'form',
    body: stationBody,
    data,
  });
}
const instant = z.string().describe('ISO 8601');
const watts = z.number().nullable();

/** A station's energy over one period, kWh, with what follows from it. */
export const energyBlock = z.object({
  pv_kwh: z.number(),
  /** Home load and wallbox (see `consumptionKwh`). */
  consumption_kwh: z.number(),
  import_kwh: z.number(),
  export_kwh: z.number(),
  charge_kwh: z.number(),
  discharge_kwh: z.number(),
  ev_kwh: z.number(),
  generator_kwh: z.number(),
  /**
   * Self-consumption: share of the PV energy used on site (home, wallbox, or stored and not later
   * exported), 0–100, from the period's five-minute flows (energy.ts `flowDay`,
   * `selfConsumptionFromFlowsPct`); null without PV energy.
   */
  self_consumption_pct: z.number().min(0).max(100).nullable(),
  /**
   * Self-sufficiency (autarky): share of the consumption not bought from the grid, 0–100, from the
   * period's five-minute flows, energy the battery took from the grid counted as bought when it
   * reaches the home (energy.ts `flowDay`, `selfSufficiencyPct`); null without consumption.
   */
  autarky_pct: z.number().min(0).max(100).nullable(),
  /** PV energy × the station's unit price, in its currency. */
  income: z.number(),
  /** PV energy × CO2_KG_PER_KWH. */
  co2_kg: z.number(),
  /** False when no device reported in the period: the figures are then "no data", not zero. */
  has_data: z.boolean(),
});
export type EnergyBlock = z.infer<typeof energyBlock>;

/** A station's powers now, W (+ grid import, + battery charging); null where nothing measures it. */
export const stationPowersItem = z.object({
  pv_w: watts,
  generator_w: watts,
  grid_w: watts,
  battery_w: watts,
  soc_pct: z.number().min(0).max(100).nullable(),
  load_w: watts,
  ev_w: watts,
});

export const overviewData = z.object({
  station_id: z.number().int(),
  station_type: z.literal(stationTypes as [number, ...number[]]),
  timezone: z.string(),
  /** The station's local date the figures are for. */
  local_date: z.iso.date(),
  currency: z.string(),
  unit_price: z.number(),
  capacity_kwp: z.number(),
  co2_factor_kg_per_kwh: z.number(),
  /** Newest reading of any of its devices; null = never reported. */
  updated_at: instant.nullable(),
  power: stationPowersItem,
  today: energyBlock,
  month: energyBlock,
  year: energyBlock,
  total: energyBlock,
  /** Today's PV energy per kWp (full-load hours); null without capacity or data. */
  today_yield_h: z.number().nullable(),
});
export type OverviewData = z.infer<typeof overviewData>;

export const overview = stationRead(
  'api/station/overview',
  'A station’s figures: power now; today, month, year and total energy by flow, self-consumption and autarky rates, income and CO2 saved, in its time zone',
  overviewData,
);

export const storageOverview = stationRead(
  'api/station/storage/overview',
  'A station’s batteries: state of charge, power, today’s and total charged and discharged energy',
  z.object({
    station_id: z.number().int(),
    battery_count: z.number().int().min(0),
    soc_pct: z.number().min(0).max(100).nullable(),
    /** + charging, − discharging. */
    power_w: watts,
    /** charging, discharging or idle (|power| below 5 W); null without a reading. */
    state: z.enum(['charging', 'discharging', 'idle']).nullable(),
    soh_pct: z.number().min(0).max(100).nullable(),
    today_charge_kwh: z.number(),
    today_discharge_kwh: z.number(),
    total_charge_kwh: z.number(),
    total_discharge_kwh: z.number(),
    updated_at: instant.nullable(),
  }),
);

export const allSavings = defineCall({
  path: 'api/station/all/savings',
  summary: 'The caller’s stations together: PV energy today and in total, income per currency and CO2 saved',
  domain: 'station',
  access: 'user',
  kind: 'read',
  body: z.object({}),
  data: z.object({
    station_count: z.number().int().min(0),
    today_pv_kwh: z.number(),
    total_pv_kwh: z.number(),
    co2_kg: z.number(),
    co2_factor_kg_per_kwh: z.number(),
    /** Income in each currency the stations are priced in, largest first. */
    income: z.array(z.object({ currency: z.string(), today: z.number(), total: z.number() })),
  }),
});

export const isHighStation = stationRead(
  'api/station/isHighStation',
  'Whether a station is a C&I (EMS 5000) station, and which detail screen it has: battery, pile or ems5000',
  z.object({ is_high: z.boolean(), detail: z.enum(['battery', 'pile', 'ems5000']) }),
);

export const isParallel = stationRead(
  'api/station/isParallel',
  'Whether a station runs several inverters in parallel, and how many',
  z.object({ is_parallel: z.boolean(), inverter_count: z.number().int().min(0) }),
);

export const parallelStationData = stationRead(
  'api/station/parallelStationData',
  'Each parallel inverter of a station: power now, today’s and total yield, status; and their sum',
  z.object({
    inverters: z.array(
      z.object({
        device_id: z.number().int(),
        sn: z.string(),
        device_type: z.number().int(),
        status: z.enum(deviceStates),
        power_w: watts,
        pv_power_w: watts,
        today_kwh: z.number().nullable(),
        total_kwh: z.number().nullable(),
        /** Share of the station's PV power now, 0–100. */
        share_pct: z.number().min(0).max(100).nullable(),
        updated_at: instant.nullable(),
      }),
    ),
    power_w: watts,
    today_kwh: z.number().nullable(),
  }),
);

export const powerFlowData = z.object({
  station_id: z.number().int(),
  /** Newest reading the flow is drawn from; null = no device has reported. */
  updated_at: instant.nullable(),
  /** Seconds since `updated_at` at the time of the answer. */
  age_s: z.number().int().min(0).nullable(),
  /** True when the newest reading is older than three report intervals (the devices went quiet). */
  stale: z.boolean(),
  /** The nodes the station has (a device measures them), with their powers. */
  nodes: z.array(
    z.object({
      node: z.enum(flowNodes),
      /** W; + into the node from the plant's side: PV produces, grid imports, battery charges, load and wallbox use. */
      power_w: watts,
      soc_pct: z.number().min(0).max(100).nullable().optional(),
      pile_state: z.enum(pileStates).nullable().optional(),
      /** EMS 5000 part the node stands for (pvs, pcs, bms, generator, meter). */
      part: z.enum(emsParts).optional(),
    }),
  ),
  /** What flows from which node to which, W; the flows of each node add up to its power. */
  flows: z.array(z.object({ from: z.enum(flowNodes), to: z.enum(flowNodes), power_w: z.number() })),
});
export type PowerFlowData = z.infer<typeof powerFlowData>;

export const powerFlow = stationRead(
  'api/home/station/powerFlow',
  'A station’s power flow now: PV, battery with SOC, grid, home, wallbox and generator as it has them, with the flows between them and the age of the data',
  powerFlowData,
);

export const chargingSession = z.object({
  device_id: z.number().int(),
  sn: z.string(),
  started_at: instant,
  /** Null while the session goes on. */
  ended_at: instant.nullable(),
  energy_kwh: z.number(),
  max_power_w: z.number(),
  /**
   * charging (power flowing), plugged (the car still plugged, not charging: full, waiting for its
   * window, held) or ended; a session its charger has said nothing of for hours reads as ended.
   */
  state: z.enum(['charging', 'plugged', 'ended']),
});

export const pileOverview = stationRead(
  'api/station/pile/overview',
  'A wallbox station: each charger’s state and charging power, today’s and total charged energy, and the recent charging sessions',
  z.object({
    station_id: z.number().int(),
    timezone: z.string(),
    piles: z.array(
      z.object({
        device_id: z.number().int(),
        sn: z.string(),
        status: z.enum(deviceStates),
        pile_state: z.enum(pileStates).nullable(),
        power_w: watts,
        session_kwh: z.number().nullable(),
        updated_at: instant.nullable(),
      }),
    ),
    power_w: watts,
    today_kwh: z.number(),
    month_kwh: z.number(),
    total_kwh: z.number(),
    /** Sessions of the last 30 days, newest first (at most 20). */
    sessions: z.array(chargingSession),
  }),
);

const partItem = z.object({
  part: z.enum(emsParts),
  /** Numbered state (PartState); null when the part did not report one. */
  state: z.number().int().nullable(),
  values: z.record(z.string(), z.number()),
});

export const emsIndex = stationRead(
  'cml/ems/index',
  'An EMS 5000 station’s system overview: each part (PCS, PVS, BMS, STS, generator, meter) with its state and values, the powers now and today’s and total energy',
  z.object({
    station_id: z.number().int(),
    device_id: z.number().int().nullable(),
    sn: z.string().nullable(),
    status: z.enum(deviceStates).nullable(),
    updated_at: instant.nullable(),
    parts: z.array(partItem),
    power: stationPowersItem,
    today: energyBlock,
    total: energyBlock,
  }),
);
