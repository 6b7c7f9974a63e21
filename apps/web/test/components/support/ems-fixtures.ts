import {
  type CallData,
  type EmsModeKind,
  ems5000,
  emsModeKinds,
  emsPartParameters,
  strategy,
  systemTemplates,
  templateFieldsOf,
  templateModes,
} from '@helio/contracts';
import { type EmsPart, emsStateCode } from '@helio/contracts/device-link';
import type { FakeApi } from './fake-api.ts';

/**
 * A C&I station's EMS 5000 as the console's calls answer it: station 41 in UTC, its EMS online and
 * grid-tied, running self-consumption, its PCS discharging at 50 kW, its BMS charging with two
 * clusters, its STS on the grid, a generator stopped and a meter; the installer may write, the
 * device asks for its password.
 */

export const STATION_ID = 41;
export const EMS_SN = 'EMS50000001';
export const ZONE = 'UTC';
export const READ_ID = '0b9d4c3a-1f2e-4d5c-9b8a-7a6f5e4d3c2b';
export const SAVE_ID = '1c8e5d4b-2a3f-4e6d-8c9b-6b5a4f3e2d1c';
export const SWITCH_ID = '2d7f6e5c-3b4a-4f7e-9d8c-5c4b3a2f1e0d';
export const BATCH_ID = '3e6a7f6d-4c5b-4a8f-8e9d-4d3c2b1a0f9e';

const head = {
  station_id: STATION_ID,
  device_id: 9,
  equ_sn: EMS_SN,
  status: 'online' as const,
  updated_at: '2026-11-24T10:00:00Z',
  needs_password: true,
  unlocked_until: null,
};

type System = CallData<typeof ems5000.sysIndex>;

export function systemData(change: Partial<System> = {}): System {
  return {
    ...head,
    state: emsStateCode('ems', 'grid_tied'),
    mode: 'self_consumption',
    parts: [
      {
        part: 'pcs',
        state: emsStateCode('pcs', 'discharging'),
        values: { ac_power_w: -50_000, ac_voltage_v: 400.2, temperature_c: 41.5 },
        alarms: [],
        writable: true,
      },
      {
        part: 'bms',
        state: emsStateCode('bms', 'charging'),
        values: { soc_pct: 62.4, voltage_v: 768.1, current_a: -65.3, max_cell_temperature_c: 31.2 },
        alarms: [{ alarm_id: 3, code: 2104, severity: 'minor', started_at: '2026-11-24T09:40:00Z' }],
        writable: true,
      },
      {
        part: 'sts',
        state: emsStateCode('sts', 'grid'),
        values: { grid_voltage_v: 401.1, grid_frequency_hz: 50.01 },
        alarms: [],
        writable: true,
      },
      {
        part: 'generator',
        state: emsStateCode('generator', 'stopped'),
        values: { power_w: 0, fuel_pct: 80 },
        alarms: [],
        writable: true,
      },
      {
        part: 'meter',
        state: 0,
        values: { grid_power_w: 12_000, demand_w: 15_500 },
        alarms: [],
        writable: true,
      },
    ],
    ...change,
  };
}

type Part = CallData<typeof ems5000.ex>;

const POINTS = 288;

export function partData(part: EmsPart, change: Partial<Part> = {}): Part {
  const system = systemData().parts.find((item) => item.part === part);
  const values: Record<string, number> =
    part === 'bms'
      ? {
          ...(system?.values as Record<string, number>),
          soh_pct: 97,
          'clusters.1.soc_pct': 63,
          'clusters.1.voltage_v': 768.4,
          'clusters.1.current_a': -32.1,
          'clusters.1.max_cell_v': 3.452,
          'clusters.1.max_cell_no': 17,
          'clusters.1.min_cell_v': 3.398,
          'clusters.1.min_cell_no': 203,
          'clusters.2.soc_pct': 61.8,
          'clusters.2.voltage_v': 767.9,
          'clusters.2.current_a': -33.2,
          'clusters.2.max_cell_v': 3.447,
          'clusters.2.max_cell_no': 88,
          'clusters.2.min_cell_v': 3.401,
          'clusters.2.min_cell_no': 12,
        }
      : { ...(system?.values as Record<string, number>), reactive_power_var: 1200, ac_frequency_hz: 50.01 };
  return {
    ...head,
    part,
    state: system?.state ?? null,
    values,
    alarms: system?.alarms ?? [],
    history: {
      date: '2026-11-24',
      start: '2026-11-24T00:00:00Z',
      step_s: 300,
      series: [
        { field: 'ac_power_w', values: Array.from({ length: POINTS }, (_, i) => (i < 120 ? null : -50_000)) },
        { field: 'temperature_c', values: Array.from({ length: POINTS }, () => 40) },
      ],
    },
    ...change,
  };
}

type Parameters = CallData<typeof ems5000.sysRw>;

/** A part's parameters as the catalogue has them, with the values `values` (unprefixed) as last read. */
export function parametersData(
  part: EmsPart,
  values: Record<string, number | string | boolean> | null,
  change: Partial<Parameters> = {},
): Parameters {
  return {
    ...head,
    part,
    writable: true,
    parameters: emsPartParameters(part).map((parameter) => ({
      name: parameter.name.slice(part.length + 1),
      kind: parameter.kind,
      access: parameter.access,
      unit: parameter.kind === 'number' ? parameter.unit : null,
      min: parameter.kind === 'number' ? parameter.min : null,
      max: parameter.kind === 'number' ? parameter.max : null,
      decimals: parameter.kind === 'number' ? parameter.decimals : null,
      options: parameter.kind === 'choice' ? [...parameter.options] : null,
      value: values?.[parameter.name.slice(part.length + 1)] ?? null,
    })),
    read_at: values ? '2026-11-24T09:00:00Z' : null,
    reading: null,
    pending: [],
    rated_power_w: 100_000,
    ...change,
  };
}

export const pcsRead = {
  enabled: true,
  max_charge_w: 100_000,
  max_discharge_w: 100_000,
  ramp_pct_min: 10,
  reactive_mode: 'off',
  power_factor: 1,
  rated_power_w: 100_000,
};

type Reply = CallData<typeof ems5000.pollingReply>;

export function reply(commandId: string, change: Partial<Reply> = {}): Reply {
  return {
    command_id: commandId,
    name: 'settings',
    state: 'succeeded',
    error: null,
    message: null,
    values: null,
    finished_at: '2026-11-24T10:01:00Z',
    ...change,
  };
}

/** Answers 7005 (not answered yet) `waits` times, then `answer`. */
export function answeredAfter(waits: number, answer: Reply) {
  let asked = 0;
  return () => (asked++ < waits ? { refuse: '7005' } : answer);
}

type Modes = CallData<typeof ems5000.modeShow>;

const modeNames: Record<EmsModeKind, string> = {
  self_consumption: 'Maximum self-consumption',
  manual: 'Manual',
  tou: 'Time of use (TOU)',
  peak_shaving: 'Peak shaving and valley filling',
  backup: 'Backup reserve',
  generator_support: 'Generator support',
};

export function modesData(change: Partial<Modes> = {}): Modes {
  return {
    ...head,
    modes: emsModeKinds.map((kind) => ({ kind, mode: templateModes[kind], name: modeNames[kind] })),
    active: {
      strategy_id: 5,
      template_id: null,
      kind: 'self_consumption',
      mode: 'self_consumption',
      name: 'Maximum self-consumption',
      params: {},
      slots: [],
      state: 'applied',
      command_id: 'c-5',
      batch_id: 'b-5',
      created_at: '2026-11-23T08:00:00Z',
      applied_at: '2026-11-23T08:00:05Z',
      applied_by: 'installer',
    },
    pending: null,
    reported: 'self_consumption',
    writable: true,
    rated_power_w: 100_000,
    ...change,
  };
}

export function modeDetailData(kind: EmsModeKind): CallData<typeof ems5000.modeDetail> {
  return {
    kind,
    mode: templateModes[kind],
    name: modeNames[kind],
    active: kind === 'self_consumption',
    fields: [],
    values: templateFieldsOf({ kind, ...systemTemplates[kind] }),
  };
}

/** The console's read calls answered as above. */
export function answerConsole(api: FakeApi): FakeApi {
  return api
    .answer(ems5000.sysIndex, systemData())
    .answer(ems5000.ex, (body) => partData(body.part as EmsPart))
    .answer(ems5000.sysRw, (body) =>
      parametersData(body.part as EmsPart, body.part === 'pcs' ? pcsRead : null),
    )
    .answer(ems5000.modeShow, modesData())
    .answer(ems5000.modeDetail, (body) => modeDetailData(body.kind as EmsModeKind));
}

export { strategy };
