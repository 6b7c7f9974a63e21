import { z } from 'zod';
import { chargingModes, chargingPlanShape, validChargingPlan } from '../../charging/plan.ts';
import { chargingWarnings } from '../../charging/planner.ts';
import { pileStates, sessionStarts } from '../../enums.ts';
import { languages } from '../../i18n.ts';
import { tariffBands } from '../../tariffs.ts';
import { calendarDate, formId, optionalField, requiredText } from '../../validation/common.ts';
import { defineCall, type EventStreamDef } from '../call.ts';
import { pageRequest } from '../paging.ts';
import { chartDownload } from './chart.ts';
import { commandStates, deviceLiveEvent } from './control.ts';

/**
 * Wallbox charging (SPEC.md §1 "wallbox charging plans", §2 "charging records and plan"; PRODUCT.md
 * §8 "Charging"): a station's charging records, each charger's plan with its preview, and remote
 * start, stop and current. A charger is named by its SN (`equ_sn`); one outside the caller's reach,
 * or a device that is not a wallbox, answers 9001 like one that does not exist. The demo reads and
 * never acts (9001). Saving a plan and the current need the device unlocked by its password for an
 * installer; the end user of the station saves their plan, starts and stops without it.
 */

const equSn = requiredText('validation.deviceSnRequired').max(64, { error: 'validation.deviceSnRequired' });
const idempotencyKey = z
  .uuid({ error: 'validation.invalidValue' })
  .describe('Client-chosen UUID; sent again, the same command answers');

/** Energy of sessions by source, their cost and count. */
export const chargingFigures = z.object({
  sessions: z.number().int(),
  energy_kwh: z.number(),
  pv_kwh: z.number(),
  battery_kwh: z.number(),
  grid_kwh: z.number(),
  /** Grid energy at the station's tariff (its band's price at each moment), else its unit price; null without a price. */
  cost: z.number().nullable(),
});
export type ChargingFigures = z.infer<typeof chargingFigures>;

/** One session, plug-in to unplug. */
export const chargingRecord = chargingFigures.omit({ sessions: true }).extend({
  record_id: z.number().int(),
  device_id: z.number().int(),
  sn: z.string(),
  started_at: z.string(),
  /** Null while the car is still plugged. */
  ended_at: z.string().nullable(),
  duration_s: z.number().int(),
  max_power_w: z.number(),
  /** PV's share of the energy, %; null before any energy. */
  pv_share_pct: z.number().nullable(),
  start: z.enum(sessionStarts).nullable(),
  /** charging, plugged (not charging: full, waiting for its window, or held) or ended. */
  state: z.enum(['charging', 'plugged', 'ended']),
});
export type ChargingRecord = z.infer<typeof chargingRecord>;

const recordsData = z.object({
  station_id: z.number().int(),
  timezone: z.string(),
  currency: z.string(),
  /** The station's chargers, for the filter. */
  chargers: z.array(z.object({ device_id: z.number().int(), sn: z.string() })),
  total: z.number().int(),
  list: z.array(chargingRecord),
  /** Every session the filter matches, summed. */
  totals: chargingFigures,
  /** The same by station-local month (YYYY-MM), newest first. */
  months: z.array(chargingFigures.extend({ month: z.string() })),
});
export type ChargingRecordsData = z.infer<typeof recordsData>;

export const records = defineCall({
  path: 'api/charging/records',
  summary:
    'A station’s charging sessions (plug-in to unplug), newest first: energy, peak power, PV/battery/grid shares, cost at the tariff and how each started; totals and monthly totals; export 1 answers an .xlsx',
  domain: 'charging',
  access: 'user',
  kind: 'read',
  body: z
    .object({
      station_id: formId,
      equ_sn: optionalField(equSn).describe('One charger only'),
      start_date: optionalField(calendarDate).describe(
        'Station-local date (YYYY-MM-DD) of the first session start',
      ),
      end_date: optionalField(calendarDate).describe(
        'Station-local date (YYYY-MM-DD) of the last session start',
      ),
      ...pageRequest,
      export: optionalField(z.coerce.number().int().min(0).max(1)).describe(
        '1: answer the address of an .xlsx export of every matching session instead',
      ),
      language: optionalField(z.enum(languages)).describe(
        'Language of the export’s headings; the Lang header by default',
      ),
    })
    .refine((body) => !body.start_date || !body.end_date || body.start_date <= body.end_date, {
      path: ['end_date'],
      error: 'validation.dateRangeOrder',
    }),
  data: z.union([recordsData, chartDownload]),
});

/** The planner's answer (charging/planner.ts), by station-local hour for the preview's bar. */
export const chargingForecast = z.object({
  mode: z.enum(chargingModes),
  hours: z.array(
    z.object({
      /** Start of the hour (the first one starts now). */
      start: z.string(),
      /** Planned energy in the hour, kWh (its mean power in kW). */
      planned_kwh: z.number(),
      /** Of it, from the expected PV surplus. */
      pv_kwh: z.number(),
      /** The station's expected PV in the hour, kWh; null without a forecast. */
      expected_pv_kwh: z.number().nullable(),
      band: z.enum(tariffBands).nullable(),
      price: z.number().nullable(),
    }),
  ),
  target: z
    .object({
      source: z.enum(['override', 'weekly']),
      departure_at: z.string(),
      need_kwh: z.number(),
    })
    .nullable(),
  expected_kwh: z.number(),
  expected_pv_kwh: z.number(),
  expected_cost: z.number().nullable(),
  reachable: z.boolean().nullable(),
  shortfall_kwh: z.number(),
  warnings: z.array(z.enum(chargingWarnings)),
  /**
   * Where the expected PV came from: the weather provider's irradiance, or the station's own PV by
   * hour of the day over its last week; null without either (the `noForecast` warning).
   */
  forecast_source: z.enum(['provider', 'history']).nullable(),
});
export type ChargingForecast = z.infer<typeof chargingForecast>;

const commandState = z
  .object({
    command_id: z.string(),
    state: z.enum(commandStates),
    message: z.string().nullable(),
    error: z.string().nullable(),
    updated_at: z.string(),
  })
  .nullable();

const planView = z.object({
  equ_sn: z.string(),
  device_id: z.number().int(),
  station_id: z.number().int(),
  timezone: z.string(),
  currency: z.string(),
  /** The saved plan, or the default when none was saved. */
  plan: chargingPlanShape,
  saved: z.boolean(),
  updated_at: z.string().nullable(),
  /** The last plan command sent to the charger and what became of it. */
  command: commandState,
  /** What the charger reports it follows now (its newest reading); null before any. */
  charger: z
    .object({
      pile_state: z.enum(pileStates).nullable(),
      plan_mode: z.enum(chargingModes).nullable(),
      phases: z.number().int().nullable(),
      current_limit_a: z.number().nullable(),
      power_w: z.number().nullable(),
      session_kwh: z.number().nullable(),
      target_kwh: z.number().nullable(),
      car_soc_pct: z.number().nullable(),
      remote_hold: z.boolean(),
      online: z.boolean(),
      updated_at: z.string().nullable(),
    })
    .nullable(),
  /** The saved plan's forecast from now. */
  forecast: chargingForecast,
  /** The station has a peak-valley tariff (off-peak needs one). */
  has_tariff: z.boolean(),
  /** What the caller may do: save the plan, start and stop, set the current; `unlock` when it needs the device password first. */
  may: z.object({ plan: z.boolean(), start_stop: z.boolean(), current: z.boolean(), unlock: z.boolean() }),
});
export type ChargingPlanView = z.infer<typeof planView>;

export const plan = defineCall({
  path: 'api/charging/plan',
  summary:
    'A charger’s plan (the default until one is saved), what the charger follows now, the last plan command and the plan’s forecast to departure',
  domain: 'charging',
  access: 'user',
  kind: 'read',
  body: z.object({ equ_sn: equSn }),
  data: planView,
});

export const preview = defineCall({
  path: 'api/charging/plan/preview',
  summary:
    'The forecast of a plan not saved yet: planned power by hour beside the expected PV, expected energy and cost by departure, and warnings',
  domain: 'charging',
  access: 'user',
  kind: 'read',
  body: z.object({ equ_sn: equSn, plan: validChargingPlan }),
  data: chargingForecast,
});

export const savePlan = defineCall({
  path: 'api/charging/plan/save',
  summary:
    'Saves a charger’s plan and sends it with its planned windows to the charger (one command); the portal sends it again when the windows change',
  domain: 'charging',
  access: 'user',
  kind: 'write',
  body: z.object({ equ_sn: equSn, plan: validChargingPlan, key: idempotencyKey }),
  data: z.object({ command_id: z.string(), state: z.enum(commandStates) }),
});

export const remote = defineCall({
  path: 'api/charging/remote',
  summary:
    'Starts the plugged car’s charging now, stops it (the car stays plugged), or limits its current per phase (6–32 A); one command to the charger',
  domain: 'charging',
  access: 'user',
  kind: 'write',
  body: z
    .object({
      equ_sn: equSn,
      action: z.enum(['start', 'stop', 'current'], { error: 'validation.invalidValue' }),
      current_a: optionalField(
        z.coerce
          .number({ error: 'validation.chargingCurrent' })
          .int({ error: 'validation.chargingCurrent' })
          .min(6, { error: 'validation.chargingCurrent' })
          .max(32, { error: 'validation.chargingCurrent' }),
      ),
      key: idempotencyKey,
    })
    .refine((body) => body.action !== 'current' || body.current_a !== undefined, {
      path: ['current_a'],
      error: 'validation.chargingCurrent',
    }),
  data: z.object({ command_id: z.string(), state: z.enum(commandStates) }),
});

const charger = z.object({ equ_sn: equSn });

export const live: EventStreamDef<typeof charger, typeof deviceLiveEvent> = {
  path: 'api/charging/live',
  summary:
    'Server-sent events of one charger while its charging screen is open: `ready`, then `reading` when a new reading is stored (plugged, charging, stopped, its current) and `command` when one of its commands moves (a start, stop, current or plan answered); refused like a read of the charger before it begins (9001 out of reach or not a wallbox), the token checked again as it runs, and the stream ends when the sign-in does',
  domain: 'charging',
  access: 'user',
  kind: 'read',
  body: charger,
  event: deviceLiveEvent,
};
