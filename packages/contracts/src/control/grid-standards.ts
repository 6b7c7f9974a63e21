/**
 * The grid-connection standards an inverter can be set to (PRODUCT.md §8): per national standard,
 * the inverter's interface protection — two over-/under-voltage and over-/under-frequency trip
 * stages, the window and observation time before (re)connection, the power ramp after it — as the
 * defaults the standard sets and the ranges an installer (or the grid operator) may set, every figure
 * with its source. The server checks the settings an installer sends against these ranges, the web
 * form fills the defaults and enforces the ranges, and the device simulator trips by them.
 *
 * Voltages are line-to-neutral volts (the 120 V leg of a North-American split-phase service), times
 * are seconds. A 10-minute moving-average over-voltage function is carried as stage 1 with the
 * averaging window plus its trip time as the stage's time. Where a standard has one stage of a
 * function, the second stage is a manufacturer default farther out and no slower, and its source
 * says so; where a standard fixes a value, the range is a narrow band of measurement tolerance.
 */

/** Protection settings, in this order (also the form's order). Stage 1 is the slower stage nearer nominal, stage 2 the faster one farther out. */
export const protectionSettingNames = [
  // over-voltage thresholds (V, line-to-neutral absolute volts) and trip times (s)
  'ov1_v',
  'ov1_s',
  'ov2_v',
  'ov2_s',
  // under-voltage
  'uv1_v',
  'uv1_s',
  'uv2_v',
  'uv2_s',
  // over-frequency
  'of1_hz',
  'of1_s',
  'of2_hz',
  'of2_s',
  // under-frequency
  'uf1_hz',
  'uf1_s',
  'uf2_hz',
  'uf2_s',
  // reconnection window, V
  'reconnect_v_min',
  'reconnect_v_max',
  // reconnection window, Hz
  'reconnect_hz_min',
  'reconnect_hz_max',
  // observation time before (re)connection, s
  'reconnect_delay_s',
  // power ramp after reconnection, % of rated power per minute
  'ramp_pct_per_min',
] as const;

export type ProtectionSettingName = (typeof protectionSettingNames)[number];

type ProtectionUnit = 'V' | 's' | 'Hz' | '%/min';

export const protectionUnits: Readonly<Record<ProtectionSettingName, ProtectionUnit>> = {
  ov1_v: 'V',
  ov1_s: 's',
  ov2_v: 'V',
  ov2_s: 's',
  uv1_v: 'V',
  uv1_s: 's',
  uv2_v: 'V',
  uv2_s: 's',
  of1_hz: 'Hz',
  of1_s: 's',
  of2_hz: 'Hz',
  of2_s: 's',
  uf1_hz: 'Hz',
  uf1_s: 's',
  uf2_hz: 'Hz',
  uf2_s: 's',
  reconnect_v_min: 'V',
  reconnect_v_max: 'V',
  reconnect_hz_min: 'Hz',
  reconnect_hz_max: 'Hz',
  reconnect_delay_s: 's',
  ramp_pct_per_min: '%/min',
};

const decimalsOfUnit: Readonly<Record<ProtectionUnit, number>> = { V: 1, s: 2, Hz: 2, '%/min': 1 };

/** Decimals an installer may enter per unit: V 1, s 2, Hz 2, %/min 1. */
export const protectionDecimals: Readonly<Record<ProtectionSettingName, number>> = {
  ov1_v: decimalsOfUnit.V,
  ov1_s: decimalsOfUnit.s,
  ov2_v: decimalsOfUnit.V,
  ov2_s: decimalsOfUnit.s,
  uv1_v: decimalsOfUnit.V,
  uv1_s: decimalsOfUnit.s,
  uv2_v: decimalsOfUnit.V,
  uv2_s: decimalsOfUnit.s,
  of1_hz: decimalsOfUnit.Hz,
  of1_s: decimalsOfUnit.s,
  of2_hz: decimalsOfUnit.Hz,
  of2_s: decimalsOfUnit.s,
  uf1_hz: decimalsOfUnit.Hz,
  uf1_s: decimalsOfUnit.s,
  uf2_hz: decimalsOfUnit.Hz,
  uf2_s: decimalsOfUnit.s,
  reconnect_v_min: decimalsOfUnit.V,
  reconnect_v_max: decimalsOfUnit.V,
  reconnect_hz_min: decimalsOfUnit.Hz,
  reconnect_hz_max: decimalsOfUnit.Hz,
  reconnect_delay_s: decimalsOfUnit.s,
  ramp_pct_per_min: decimalsOfUnit['%/min'],
};

export interface SettingBound {
  default: number;
  min: number;
  max: number;
  /** Where the figures come from: the standard's clause or table, or the regulator's document; "manufacturer default within the standard's range (…)" where the standard leaves it open. */
  source: string;
}

export const gridStandardCodes = [
  'CEI_0_21',
  'VDE_AR_N_4105',
  'EN_50549_1',
  'C10_11',
  'UNE_217002',
  'G99',
  'UL_1741',
  'RULE21',
  'HECO',
  'NRS097',
  'AS4777_2_A',
  'AS4777_2_B',
  'AS4777_2_C',
  'AS4777_2_NZ',
] as const;

export type GridStandardCode = (typeof gridStandardCodes)[number];

export interface GridStandard {
  code: GridStandardCode;
  /** As installers know it, e.g. 'CEI 0-21', 'VDE-AR-N 4105', 'AS/NZS 4777.2 Region A'. */
  name: string;
  /** ISO 3166-1 alpha-2 countries it applies in (EN 50549-1: the EU members that use it without a national variant in this list). */
  countries: readonly string[];
  /** 230 for Europe/ZA/AU/NZ, 120 for UL 1741 / Rule 21 / HECO (split-phase leg). */
  nominalVoltageV: number;
  nominalFrequencyHz: 50 | 60;
  /** The standard requires an inverter self-test (autotest) the installer can run remotely, e.g. CEI 0-21's autotest (Allegato A.4); false otherwise. */
  selfTest: boolean;
  /** One-line description: edition/year used, e.g. 'CEI 0-21:2022-03, interface protection (SPI) of LV users'. */
  edition: string;
  settings: Readonly<Record<ProtectionSettingName, SettingBound>>;
}

// ── how figures are written ─────────────────────────────────────────────────────────────────

const rounded = (value: number, decimals: number): number => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

/** A figure the standard (or the manufacturer, as `source` says) lets be set between `min` and `max`. */
function adjustable(value: number, min: number, max: number, source: string): SettingBound {
  return { default: value, min, max, source };
}

/** A voltage the standard fixes: ±1 % of nominal, the manufacturer's measurement tolerance. */
function fixedVolts(value: number, nominalV: number, source: string): SettingBound {
  const tolerance = rounded(nominalV * 0.01, 1);
  return {
    default: value,
    min: rounded(value - tolerance, 1),
    max: rounded(value + tolerance, 1),
    source: `${source}; fixed by the standard, range ±1 % Un (manufacturer's measurement tolerance)`,
  };
}

/** A frequency the standard fixes: ±0.05 Hz, the manufacturer's measurement tolerance. */
function fixedHertz(value: number, source: string): SettingBound {
  return {
    default: value,
    min: rounded(value - 0.05, 2),
    max: rounded(value + 0.05, 2),
    source: `${source}; fixed by the standard, range ±0.05 Hz (manufacturer's measurement tolerance)`,
  };
}

/** A trip time the standard fixes: ±3 % or ±20 ms, whichever is more, the manufacturer's timing tolerance. */
function fixedSeconds(value: number, source: string): SettingBound {
  const tolerance = Math.max(0.02, rounded(value * 0.03, 2));
  return {
    default: value,
    min: Math.max(0, rounded(value - tolerance, 2)),
    max: rounded(value + tolerance, 2),
    source: `${source}; fixed by the standard, range ±3 % or ±20 ms (manufacturer's timing tolerance)`,
  };
}

const noRamp = (standard: string): SettingBound =>
  adjustable(
    100,
    1,
    100,
    `${standard} sets no power ramp after reconnection: 100 %/min, i.e. no limit in practice; ` +
      "1–100 %/min manufacturer range (manufacturer default within the standard's range)",
  );

// ── Italy: CEI 0-21 ─────────────────────────────────────────────────────────────────────────

const cei = 'CEI 0-21:2022 §8.6.2, SPI (interface protection) settings table';
const ceiConnect = 'CEI 0-21:2022 §8.5.1, conditions for connection and for reconnection after an SPI trip';

const cei021: GridStandard = {
  code: 'CEI_0_21',
  name: 'CEI 0-21',
  countries: ['IT'],
  nominalVoltageV: 230,
  nominalFrequencyHz: 50,
  selfTest: true,
  edition: 'CEI 0-21:2022-03 (with V1:2022-11), interface protection (SPI) of LV active users',
  settings: {
    ov1_v: adjustable(
      253,
      253,
      264.5,
      `${cei}: 59.S1, 1.10 Vn on the 10-min moving average, adjustable to 1.15 Vn`,
    ),
    ov1_s: adjustable(
      603,
      600,
      603,
      `${cei}: 59.S1 trips within 3 s once the 10-min average exceeds the threshold, carried as a 600 s + 3 s stage`,
    ),
    ov2_v: adjustable(264.5, 264.5, 276, `${cei}: 59.S2, 1.15 Vn, adjustable to 1.20 Vn`),
    ov2_s: fixedSeconds(0.2, `${cei}: 59.S2 trip time 0.2 s`),
    uv1_v: fixedVolts(195.5, 230, `${cei}: 27.S1, 0.85 Vn`),
    uv1_s: fixedSeconds(1.5, `${cei}: 27.S1 trip time 1.5 s`),
    uv2_v: adjustable(34.5, 34.5, 46, `${cei}: 27.S2, 0.15 Vn, adjustable to 0.20 Vn`),
    uv2_s: fixedSeconds(0.2, `${cei}: 27.S2 trip time 0.2 s`),
    of1_hz: fixedHertz(
      50.2,
      `${cei}: 81>.S1, 50.2 Hz, the restrictive threshold, enabled only by the DSO's remote signal or a local command`,
    ),
    of1_s: fixedSeconds(0.1, `${cei}: 81>.S1 trip time 0.1 s`),
    of2_hz: fixedHertz(51.5, `${cei}: 81>.S2, 51.5 Hz, the permissive threshold`),
    of2_s: fixedSeconds(0.1, `${cei}: 81>.S2 trip time 0.1 s`),
    uf1_hz: fixedHertz(
      49.8,
      `${cei}: 81<.S1, 49.8 Hz, the restrictive threshold, enabled only by the DSO's remote signal or a local command`,
    ),
    uf1_s: fixedSeconds(0.1, `${cei}: 81<.S1 trip time 0.1 s`),
    uf2_hz: fixedHertz(47.5, `${cei}: 81<.S2, 47.5 Hz, the permissive threshold`),
    uf2_s: fixedSeconds(0.1, `${cei}: 81<.S2 trip time 0.1 s`),
    reconnect_v_min: fixedVolts(195.5, 230, `${ceiConnect}: voltage at least 0.85 Vn`),
    reconnect_v_max: fixedVolts(253, 230, `${ceiConnect}: voltage at most 1.10 Vn`),
    reconnect_hz_min: fixedHertz(49.9, `${ceiConnect}: frequency at least 49.90 Hz`),
    reconnect_hz_max: fixedHertz(50.1, `${ceiConnect}: frequency at most 50.10 Hz`),
    reconnect_delay_s: adjustable(
      300,
      300,
      900,
      `${ceiConnect}: 300 s observation after an SPI trip (30 s at a normal start-up); ` +
        "up to 900 s manufacturer range (manufacturer default within the standard's range)",
    ),
    ramp_pct_per_min: adjustable(
      20,
      1,
      20,
      `${ceiConnect}: active power raised with a gradient of at most 20 %Pn/min; gentler gradients allowed`,
    ),
  },
};

// ── Germany: VDE-AR-N 4105 ──────────────────────────────────────────────────────────────────

const vde = 'VDE-AR-N 4105:2018 §6.5, NA-Schutz (grid and plant protection) settings table';
const vdeConnect = 'VDE-AR-N 4105:2018 §5.4, Zuschaltbedingungen (connection and reconnection conditions)';

const vdeArN4105: GridStandard = {
  code: 'VDE_AR_N_4105',
  name: 'VDE-AR-N 4105',
  countries: ['DE'],
  nominalVoltageV: 230,
  nominalFrequencyHz: 50,
  selfTest: false,
  edition: 'VDE-AR-N 4105:2018-11, NA protection of generating plants on the LV network',
  settings: {
    ov1_v: fixedVolts(253, 230, `${vde}: U>, 1.10 Un on the 10-min moving average`),
    ov1_s: adjustable(
      600.1,
      600,
      600.1,
      `${vde}: U> trips within 100 ms once the 10-min average exceeds the threshold, carried as a 600 s + 0.1 s stage`,
    ),
    ov2_v: fixedVolts(287.5, 230, `${vde}: U>>, 1.25 Un (1.15 Un in the 2011 edition)`),
    ov2_s: fixedSeconds(0.1, `${vde}: U>> trip time 100 ms`),
    uv1_v: fixedVolts(184, 230, `${vde}: U<, 0.80 Un`),
    uv1_s: fixedSeconds(3, `${vde}: U< trip time 3.0 s`),
    uv2_v: fixedVolts(103.5, 230, `${vde}: U<<, 0.45 Un`),
    uv2_s: fixedSeconds(0.3, `${vde}: U<< trip time 300 ms`),
    of1_hz: fixedHertz(51.5, `${vde}: f>, 51.5 Hz`),
    of1_s: fixedSeconds(0.1, `${vde}: f> trip time 100 ms`),
    of2_hz: adjustable(
      52,
      51.6,
      52.5,
      `${vde}: standard defines one stage (f> 51.5 Hz); second stage 52.0 Hz manufacturer default (range 51.6–52.5 Hz)`,
    ),
    of2_s: adjustable(
      0.1,
      0.08,
      0.1,
      `${vde}: standard defines one stage; second stage 0.1 s, as f>, manufacturer default`,
    ),
    uf1_hz: fixedHertz(47.5, `${vde}: f<, 47.5 Hz`),
    uf1_s: fixedSeconds(0.1, `${vde}: f< trip time 100 ms`),
    uf2_hz: adjustable(
      47,
      46.5,
      47.4,
      `${vde}: standard defines one stage (f< 47.5 Hz); second stage 47.0 Hz manufacturer default (range 46.5–47.4 Hz)`,
    ),
    uf2_s: adjustable(
      0.1,
      0.08,
      0.1,
      `${vde}: standard defines one stage; second stage 0.1 s, as f<, manufacturer default`,
    ),
    reconnect_v_min: fixedVolts(195.5, 230, `${vdeConnect}: voltage at least 0.85 Un`),
    reconnect_v_max: fixedVolts(253, 230, `${vdeConnect}: voltage at most 1.10 Un`),
    reconnect_hz_min: fixedHertz(47.5, `${vdeConnect}: frequency at least 47.5 Hz`),
    reconnect_hz_max: fixedHertz(50.1, `${vdeConnect}: frequency at most 50.1 Hz`),
    reconnect_delay_s: adjustable(
      60,
      60,
      600,
      `${vdeConnect}: voltage and frequency within the window for at least 60 s; ` +
        "up to 600 s manufacturer range (manufacturer default within the standard's range)",
    ),
    ramp_pct_per_min: adjustable(
      10,
      1,
      10,
      `${vdeConnect}: after an NA-protection trip the active power rises by at most 10 % Pmax/min; gentler gradients allowed`,
    ),
  },
};

// ── EU generic: EN 50549-1 ──────────────────────────────────────────────────────────────────

const en = 'EN 50549-1:2019 §4.9.3, interface protection setting ranges';
const enConnect = 'EN 50549-1:2019 §4.10, connection and automatic reconnection after tripping';
const enDefault = "manufacturer default within the standard's range";

const en50549: GridStandard = {
  code: 'EN_50549_1',
  name: 'EN 50549-1',
  countries: [
    'AT',
    'BG',
    'CY',
    'CZ',
    'DK',
    'EE',
    'FI',
    'FR',
    'GR',
    'HR',
    'HU',
    'IE',
    'LT',
    'LU',
    'LV',
    'MT',
    'NL',
    'PL',
    'PT',
    'RO',
    'SE',
    'SI',
    'SK',
  ],
  nominalVoltageV: 230,
  nominalFrequencyHz: 50,
  selfTest: false,
  edition:
    'EN 50549-1:2019, interface protection of generating plants on LV distribution networks (EU generic)',
  settings: {
    ov1_v: adjustable(
      253,
      230,
      264.5,
      `${en}: 10-min mean over-voltage, range 1.00–1.15 Un; 1.10 Un ${enDefault} (the DSO sets the value)`,
    ),
    ov1_s: adjustable(
      603,
      600,
      603,
      `${en}: 10-min mean over-voltage trips within 3 s once the average exceeds the threshold, carried as a 600 s + 3 s stage`,
    ),
    ov2_v: adjustable(
      264.5,
      230,
      299,
      `${en}: over-voltage stage 2, range 1.00–1.30 Un; 1.15 Un ${enDefault}`,
    ),
    ov2_s: adjustable(0.2, 0.1, 5, `${en}: over-voltage stage 2 time, range 0.1–5 s; 0.2 s ${enDefault}`),
    uv1_v: adjustable(184, 46, 230, `${en}: under-voltage stage 1, range 0.20–1.00 Un; 0.80 Un ${enDefault}`),
    uv1_s: adjustable(3, 0.1, 100, `${en}: under-voltage stage 1 time, range 0.1–100 s; 3 s ${enDefault}`),
    uv2_v: adjustable(
      103.5,
      46,
      230,
      `${en}: under-voltage stage 2, range 0.20–1.00 Un; 0.45 Un ${enDefault}`,
    ),
    uv2_s: adjustable(0.3, 0.1, 5, `${en}: under-voltage stage 2 time, range 0.1–5 s; 0.3 s ${enDefault}`),
    of1_hz: adjustable(
      51.5,
      50,
      52,
      `${en}: over-frequency stage 1, range 50.0–52.0 Hz; 51.5 Hz ${enDefault}`,
    ),
    of1_s: adjustable(2, 0.1, 100, `${en}: over-frequency stage 1 time, range 0.1–100 s; 2 s ${enDefault}`),
    of2_hz: adjustable(52, 50, 52, `${en}: over-frequency stage 2, range 50.0–52.0 Hz; 52.0 Hz ${enDefault}`),
    of2_s: adjustable(0.1, 0.1, 5, `${en}: over-frequency stage 2 time, range 0.1–5 s; 0.1 s ${enDefault}`),
    uf1_hz: adjustable(
      47.5,
      47,
      50,
      `${en}: under-frequency stage 1, range 47.0–50.0 Hz; 47.5 Hz ${enDefault}`,
    ),
    uf1_s: adjustable(2, 0.1, 100, `${en}: under-frequency stage 1 time, range 0.1–100 s; 2 s ${enDefault}`),
    uf2_hz: adjustable(
      47,
      47,
      50,
      `${en}: under-frequency stage 2, range 47.0–50.0 Hz; 47.0 Hz ${enDefault}`,
    ),
    uf2_s: adjustable(0.1, 0.1, 5, `${en}: under-frequency stage 2 time, range 0.1–5 s; 0.1 s ${enDefault}`),
    reconnect_v_min: adjustable(195.5, 115, 230, `${enConnect}: lower voltage 0.85 Un, range 0.50–1.00 Un`),
    reconnect_v_max: adjustable(253, 230, 276, `${enConnect}: upper voltage 1.10 Un, range 1.00–1.20 Un`),
    reconnect_hz_min: adjustable(49.5, 47, 50, `${enConnect}: lower frequency 49.5 Hz, range 47.0–50.0 Hz`),
    reconnect_hz_max: adjustable(50.2, 50, 52, `${enConnect}: upper frequency 50.2 Hz, range 50.0–52.0 Hz`),
    reconnect_delay_s: adjustable(60, 10, 600, `${enConnect}: observation time 60 s, range 10–600 s`),
    ramp_pct_per_min: adjustable(
      10,
      6,
      100,
      `${enConnect}: active power gradient after reconnection 10 % Pmax/min, range 6–3000 %/min (kept to 100 here)`,
    ),
  },
};

// ── Belgium: Synergrid C10/11 ───────────────────────────────────────────────────────────────

const c10 = 'Synergrid C10/11, decoupling-protection summary table (Synthesetabel ontkoppelingsbeveiliging)';
const c10Connect = 'Synergrid C10/11, reconnection after decoupling (EN 50549-1 §4.10 defaults as adopted)';

const c1011: GridStandard = {
  code: 'C10_11',
  name: 'C10/11',
  countries: ['BE'],
  nominalVoltageV: 230,
  nominalFrequencyHz: 50,
  selfTest: false,
  edition:
    'Synergrid C10/11 (2019 edition, RfG implementation), decoupling protection of LV generating units',
  settings: {
    ov1_v: fixedVolts(253, 230, `${c10}: U>, 1.10 Un on the 10-min moving average`),
    ov1_s: adjustable(
      603,
      600,
      603,
      `${c10}: U> trips within 3 s once the 10-min average exceeds the threshold, carried as a 600 s + 3 s stage`,
    ),
    ov2_v: fixedVolts(264.5, 230, `${c10}: U>>, 1.15 Un`),
    ov2_s: fixedSeconds(0.2, `${c10}: U>> trip time 0.2 s`),
    uv1_v: fixedVolts(195.5, 230, `${c10}: U<, 0.85 Un`),
    uv1_s: fixedSeconds(1.5, `${c10}: U< trip time 1.5 s`),
    uv2_v: adjustable(
      115,
      46,
      184,
      `${c10}: standard defines one stage (U< 0.85 Un); second stage 0.50 Un manufacturer default (range 0.20–0.80 Un)`,
    ),
    uv2_s: adjustable(
      0.2,
      0.1,
      1.5,
      `${c10}: standard defines one stage; second stage 0.2 s manufacturer default (range 0.1–1.5 s)`,
    ),
    of1_hz: fixedHertz(51.5, `${c10}: f>, 51.5 Hz`),
    of1_s: fixedSeconds(0.2, `${c10}: f> trip time 0.2 s`),
    of2_hz: adjustable(
      52,
      51.6,
      52.5,
      `${c10}: standard defines one stage (f> 51.5 Hz); second stage 52.0 Hz manufacturer default (range 51.6–52.5 Hz)`,
    ),
    of2_s: adjustable(
      0.2,
      0.1,
      0.2,
      `${c10}: standard defines one stage; second stage 0.2 s manufacturer default`,
    ),
    uf1_hz: fixedHertz(47.5, `${c10}: f<, 47.5 Hz`),
    uf1_s: fixedSeconds(0.2, `${c10}: f< trip time 0.2 s`),
    uf2_hz: adjustable(
      47,
      46.5,
      47.4,
      `${c10}: standard defines one stage (f< 47.5 Hz); second stage 47.0 Hz manufacturer default (range 46.5–47.4 Hz)`,
    ),
    uf2_s: adjustable(
      0.2,
      0.1,
      0.2,
      `${c10}: standard defines one stage; second stage 0.2 s manufacturer default`,
    ),
    reconnect_v_min: fixedVolts(195.5, 230, `${c10Connect}: voltage at least 0.85 Un`),
    reconnect_v_max: fixedVolts(253, 230, `${c10Connect}: voltage at most 1.10 Un`),
    reconnect_hz_min: fixedHertz(49.5, `${c10Connect}: frequency at least 49.5 Hz`),
    reconnect_hz_max: fixedHertz(50.2, `${c10Connect}: frequency at most 50.2 Hz`),
    reconnect_delay_s: adjustable(
      60,
      60,
      600,
      `${c10Connect}: observation time 60 s; up to 600 s manufacturer range (manufacturer default within the standard's range)`,
    ),
    ramp_pct_per_min: adjustable(
      10,
      6,
      10,
      `${c10Connect}: active power gradient after reconnection at most 10 % Pmax/min`,
    ),
  },
};

// ── Spain: UNE 217002 with RD 1699/2011 ─────────────────────────────────────────────────────

const rd = 'RD 1699/2011 art. 14, interface protection settings table';

const une217002: GridStandard = {
  code: 'UNE_217002',
  name: 'UNE 217002',
  countries: ['ES'],
  nominalVoltageV: 230,
  nominalFrequencyHz: 50,
  selfTest: false,
  edition:
    'UNE 217002:2020 anti-islanding tests, with the RD 1699/2011 art. 14 interface protection settings',
  settings: {
    ov1_v: fixedVolts(253, 230, `${rd}: over-voltage stage 1, Un + 10 %`),
    ov1_s: fixedSeconds(1.5, `${rd}: over-voltage stage 1 trip time 1.5 s`),
    ov2_v: fixedVolts(264.5, 230, `${rd}: over-voltage stage 2, Un + 15 %`),
    ov2_s: fixedSeconds(0.2, `${rd}: over-voltage stage 2 trip time 0.2 s`),
    uv1_v: fixedVolts(195.5, 230, `${rd}: minimum voltage, Un − 15 %`),
    uv1_s: fixedSeconds(1.5, `${rd}: minimum-voltage trip time 1.5 s`),
    uv2_v: adjustable(
      115,
      46,
      184,
      `${rd}: standard defines one stage (Un − 15 %); second stage 0.50 Un manufacturer default (range 0.20–0.80 Un)`,
    ),
    uv2_s: adjustable(
      0.2,
      0.1,
      1.5,
      `${rd}: standard defines one stage; second stage 0.2 s manufacturer default (range 0.1–1.5 s)`,
    ),
    of1_hz: fixedHertz(50.5, `${rd}: maximum frequency 50.5 Hz`),
    of1_s: fixedSeconds(0.5, `${rd}: maximum-frequency trip time 0.5 s`),
    of2_hz: adjustable(
      51.5,
      50.6,
      52,
      `${rd}: standard defines one stage (50.5 Hz); second stage 51.5 Hz manufacturer default (range 50.6–52.0 Hz)`,
    ),
    of2_s: adjustable(
      0.2,
      0.1,
      0.5,
      `${rd}: standard defines one stage; second stage 0.2 s manufacturer default`,
    ),
    uf1_hz: fixedHertz(48, `${rd}: minimum frequency 48 Hz`),
    uf1_s: fixedSeconds(3, `${rd}: minimum-frequency trip time 3 s`),
    uf2_hz: adjustable(
      47.5,
      47,
      47.9,
      `${rd}: standard defines one stage (48 Hz); second stage 47.5 Hz manufacturer default (range 47.0–47.9 Hz)`,
    ),
    uf2_s: adjustable(
      0.2,
      0.1,
      3,
      `${rd}: standard defines one stage; second stage 0.2 s manufacturer default`,
    ),
    reconnect_v_min: fixedVolts(
      195.5,
      230,
      `${rd}: reconnection only once back inside the protection window (Un − 15 %)`,
    ),
    reconnect_v_max: fixedVolts(
      253,
      230,
      `${rd}: reconnection only once back inside the protection window (Un + 10 %)`,
    ),
    reconnect_hz_min: fixedHertz(
      48,
      `${rd}: reconnection only once back inside the protection window (48 Hz)`,
    ),
    reconnect_hz_max: fixedHertz(
      50.5,
      `${rd}: reconnection only once back inside the protection window (50.5 Hz)`,
    ),
    reconnect_delay_s: adjustable(
      180,
      180,
      600,
      `${rd}: reconnection no sooner than 3 min after the grid is back; up to 600 s manufacturer range`,
    ),
    ramp_pct_per_min: noRamp('RD 1699/2011'),
  },
};

// ── Great Britain: EREC G99 ─────────────────────────────────────────────────────────────────

const g99 = 'EREC G99 Issue 1 §10.6, Table 10.1 (LV protection settings)';
const g99Connect = 'EREC G99 Issue 1 §10.3, reconnection after a protection trip';

const erecG99: GridStandard = {
  code: 'G99',
  name: 'G99',
  countries: ['GB'],
  nominalVoltageV: 230,
  nominalFrequencyHz: 50,
  selfTest: false,
  edition: 'EREC G99 Issue 1 (Amendment 9, 2022), LV Type A power generating modules',
  settings: {
    ov1_v: fixedVolts(262.2, 230, `${g99}: over-voltage stage 1, Vφ-n + 14 %`),
    ov1_s: fixedSeconds(1, `${g99}: over-voltage stage 1 time 1.0 s`),
    ov2_v: fixedVolts(273.7, 230, `${g99}: over-voltage stage 2, Vφ-n + 19 %`),
    ov2_s: fixedSeconds(0.5, `${g99}: over-voltage stage 2 time 0.5 s`),
    uv1_v: fixedVolts(200.1, 230, `${g99}: under-voltage stage 1, Vφ-n − 13 %`),
    uv1_s: fixedSeconds(2.5, `${g99}: under-voltage stage 1 time 2.5 s`),
    uv2_v: fixedVolts(184, 230, `${g99}: under-voltage stage 2, Vφ-n − 20 %`),
    uv2_s: fixedSeconds(0.5, `${g99}: under-voltage stage 2 time 0.5 s`),
    of1_hz: fixedHertz(51.5, `${g99}: over-frequency stage 1, 51.5 Hz`),
    of1_s: fixedSeconds(90, `${g99}: over-frequency stage 1 time 90 s`),
    of2_hz: fixedHertz(52, `${g99}: over-frequency stage 2, 52 Hz`),
    of2_s: fixedSeconds(0.5, `${g99}: over-frequency stage 2 time 0.5 s`),
    uf1_hz: fixedHertz(47.5, `${g99}: under-frequency stage 1, 47.5 Hz`),
    uf1_s: fixedSeconds(20, `${g99}: under-frequency stage 1 time 20 s`),
    uf2_hz: fixedHertz(47, `${g99}: under-frequency stage 2, 47 Hz`),
    uf2_s: fixedSeconds(0.5, `${g99}: under-frequency stage 2 time 0.5 s`),
    reconnect_v_min: fixedVolts(207, 230, `${g99Connect}: voltage at least Vφ-n − 10 % (207 V)`),
    reconnect_v_max: fixedVolts(253, 230, `${g99Connect}: voltage at most Vφ-n + 10 % (253 V)`),
    reconnect_hz_min: fixedHertz(47.5, `${g99Connect}: frequency at least 47.5 Hz`),
    reconnect_hz_max: fixedHertz(50.4, `${g99Connect}: frequency at most 50.4 Hz`),
    reconnect_delay_s: adjustable(
      20,
      20,
      600,
      `${g99Connect}: voltage and frequency within the window for at least 20 s; up to 600 s manufacturer range`,
    ),
    ramp_pct_per_min: noRamp('EREC G99 (Type A)'),
  },
};

// ── United States: UL 1741 SB / IEEE 1547-2018, Category II ─────────────────────────────────

const ieeeV2 = 'IEEE 1547-2018 §6.4.1, Table 12 (Category II voltage trip), as UL 1741 SB tests it';
const ieeeF = 'IEEE 1547-2018 §6.5.1, Table 18 (frequency trip, all categories), as UL 1741 SB tests it';
const ieeeEnter = 'IEEE 1547-2018 §4.10.2, Table 4 (enter-service criteria)';

const ul1741: GridStandard = {
  code: 'UL_1741',
  name: 'UL 1741 SB',
  countries: ['US'],
  nominalVoltageV: 120,
  nominalFrequencyHz: 60,
  selfTest: false,
  edition:
    'UL 1741 SB (3rd ed., 2021) with IEEE 1547-2018, abnormal operating performance Category II defaults',
  settings: {
    ov1_v: adjustable(132, 132, 144, `${ieeeV2}: OV1 1.10 pu, range 1.10–1.20 pu`),
    ov1_s: adjustable(2, 1, 13, `${ieeeV2}: OV1 clearing time 2.0 s, range 1.0–13.0 s`),
    ov2_v: adjustable(144, 144, 144, `${ieeeV2}: OV2 1.20 pu, fixed (not adjustable)`),
    ov2_s: adjustable(0.16, 0.16, 0.16, `${ieeeV2}: OV2 clearing time 0.16 s, fixed (not adjustable)`),
    uv1_v: adjustable(84, 0, 105.6, `${ieeeV2}: UV1 0.70 pu, range 0.0–0.88 pu`),
    uv1_s: adjustable(10, 2, 21, `${ieeeV2}: UV1 clearing time 10.0 s, range 2.0–21.0 s`),
    uv2_v: adjustable(54, 0, 60, `${ieeeV2}: UV2 0.45 pu, range 0.0–0.50 pu`),
    uv2_s: adjustable(0.16, 0.16, 2, `${ieeeV2}: UV2 clearing time 0.16 s, range 0.16–2.0 s`),
    of1_hz: adjustable(61.2, 61, 66, `${ieeeF}: OF1 61.2 Hz, range 61.0–66.0 Hz`),
    of1_s: adjustable(300, 180, 1000, `${ieeeF}: OF1 clearing time 300 s, range 180–1000 s`),
    of2_hz: adjustable(62, 61.8, 66, `${ieeeF}: OF2 62.0 Hz, range 61.8–66.0 Hz`),
    of2_s: adjustable(0.16, 0.16, 1000, `${ieeeF}: OF2 clearing time 0.16 s, range 0.16–1000 s`),
    uf1_hz: adjustable(58.5, 50, 59, `${ieeeF}: UF1 58.5 Hz, range 50.0–59.0 Hz`),
    uf1_s: adjustable(300, 180, 1000, `${ieeeF}: UF1 clearing time 300 s, range 180–1000 s`),
    uf2_hz: adjustable(56.5, 50, 57, `${ieeeF}: UF2 56.5 Hz, range 50.0–57.0 Hz`),
    uf2_s: adjustable(0.16, 0.16, 1000, `${ieeeF}: UF2 clearing time 0.16 s, range 0.16–1000 s`),
    reconnect_v_min: adjustable(
      110,
      105.6,
      114,
      `${ieeeEnter}: minimum voltage 0.917 pu, range 0.88–0.95 pu`,
    ),
    reconnect_v_max: adjustable(126, 126, 127.2, `${ieeeEnter}: maximum voltage 1.05 pu, range 1.05–1.06 pu`),
    reconnect_hz_min: adjustable(
      59.5,
      59,
      59.9,
      `${ieeeEnter}: minimum frequency 59.5 Hz, range 59.0–59.9 Hz`,
    ),
    reconnect_hz_max: adjustable(
      60.1,
      60.1,
      61,
      `${ieeeEnter}: maximum frequency 60.1 Hz, range 60.1–61.0 Hz`,
    ),
    reconnect_delay_s: adjustable(300, 0, 600, `${ieeeEnter}: enter-service delay 300 s, range 0–600 s`),
    ramp_pct_per_min: adjustable(
      20,
      6,
      100,
      `IEEE 1547-2018 §4.10.3: enter-service period 300 s (20 %/min), range 1–1000 s (6–6000 %/min, kept to 100 here)`,
    ),
  },
};

// ── California: CPUC Electric Rule 21 ──────────────────────────────────────────────────────

const r21V = 'CPUC Rule 21 §Hh, Table Hh-1 (voltage ride-through, must-trip times; UL 1741 SA Table SA9.1)';
const r21F =
  'CPUC Rule 21 §Hh, Table Hh-2 (frequency ride-through, must-trip times; UL 1741 SA Table SA10.1)';
const r21Connect = 'CPUC Rule 21 §Hh, reconnection and soft-start';

const rule21: GridStandard = {
  code: 'RULE21',
  name: 'CA Rule 21',
  countries: ['US'],
  nominalVoltageV: 120,
  nominalFrequencyHz: 60,
  selfTest: false,
  edition: 'CPUC Electric Rule 21 §Hh, Smart Inverter Phase 1 source requirements (UL 1741 SA)',
  settings: {
    ov1_v: fixedVolts(132, 120, `${r21V}: HV1 above 1.10 pu`),
    ov1_s: fixedSeconds(13, `${r21V}: HV1 must trip 13 s (ride-through 12 s)`),
    ov2_v: fixedVolts(144, 120, `${r21V}: HV2 at or above 1.20 pu`),
    ov2_s: fixedSeconds(0.16, `${r21V}: HV2 must trip 0.16 s`),
    uv1_v: fixedVolts(105.6, 120, `${r21V}: LV1 below 0.88 pu`),
    uv1_s: fixedSeconds(
      21,
      `${r21V}: LV1 must trip 21 s (ride-through 20 s); the LV2 region (0.70 pu, 11 s) has no field of its own here`,
    ),
    uv2_v: fixedVolts(60, 120, `${r21V}: LV3 below 0.50 pu`),
    uv2_s: fixedSeconds(1.5, `${r21V}: LV3 must trip 1.5 s (momentary cessation 1 s)`),
    of1_hz: fixedHertz(60.5, `${r21F}: HF1 above 60.5 Hz`),
    of1_s: fixedSeconds(300, `${r21F}: HF1 must trip 300 s (ride-through 299 s)`),
    of2_hz: fixedHertz(62, `${r21F}: HF2 above 62.0 Hz`),
    of2_s: fixedSeconds(0.16, `${r21F}: HF2 must trip 0.16 s`),
    uf1_hz: fixedHertz(58.5, `${r21F}: LF1 below 58.5 Hz`),
    uf1_s: fixedSeconds(300, `${r21F}: LF1 must trip 300 s (ride-through 299 s)`),
    uf2_hz: fixedHertz(57, `${r21F}: LF2 below 57.0 Hz`),
    uf2_s: fixedSeconds(0.16, `${r21F}: LF2 must trip 0.16 s`),
    reconnect_v_min: fixedVolts(
      110,
      120,
      `${r21Connect}: voltage within ANSI C84.1 Range B, at least 0.917 pu`,
    ),
    reconnect_v_max: fixedVolts(
      127,
      120,
      `${r21Connect}: voltage within ANSI C84.1 Range B, at most 1.058 pu`,
    ),
    reconnect_hz_min: fixedHertz(59.3, `${r21Connect}: frequency at least 59.3 Hz`),
    reconnect_hz_max: fixedHertz(60.5, `${r21Connect}: frequency at most 60.5 Hz`),
    reconnect_delay_s: adjustable(
      300,
      300,
      600,
      `${r21Connect}: 5 min within the window before reconnection; up to 600 s manufacturer range`,
    ),
    ramp_pct_per_min: adjustable(
      100,
      6,
      100,
      `${r21Connect}: soft-start ramp 2 %/s of maximum current (120 %/min), above this field's ceiling, so 100; ` +
        "6–100 %/min manufacturer range (manufacturer default within the standard's range)",
    ),
  },
};

// ── Hawaii: Hawaiian Electric Rule 14H ─────────────────────────────────────────────────────

const hecoV = 'Hawaiian Electric Rule 14H SRD v1.1, voltage ride-through table (must-trip times)';
const hecoF = 'Hawaiian Electric Rule 14H SRD v1.1, frequency ride-through table (must-trip times)';
const hecoConnect = 'Hawaiian Electric Rule 14H SRD v1.1, enter-service (reconnection) criteria';

const heco14h: GridStandard = {
  code: 'HECO',
  name: 'HECO Rule 14H',
  countries: ['US'],
  nominalVoltageV: 120,
  nominalFrequencyHz: 60,
  selfTest: false,
  edition: 'Hawaiian Electric Rule 14H, source requirements document v1.1 (2018, UL 1741 SA)',
  settings: {
    ov1_v: fixedVolts(132, 120, `${hecoV}: HV1 above 1.10 pu`),
    ov1_s: fixedSeconds(1, `${hecoV}: HV1 must trip 1 s (ride-through 0.92 s)`),
    ov2_v: fixedVolts(144, 120, `${hecoV}: HV2 at or above 1.20 pu`),
    ov2_s: fixedSeconds(0.16, `${hecoV}: HV2 must trip 0.16 s`),
    uv1_v: fixedVolts(105.6, 120, `${hecoV}: LV1 below 0.88 pu`),
    uv1_s: fixedSeconds(
      21,
      `${hecoV}: LV1 must trip 21 s (ride-through 20 s); the LV2 region (0.70 pu, 11 s) has no field of its own here`,
    ),
    uv2_v: fixedVolts(60, 120, `${hecoV}: LV3 below 0.50 pu`),
    uv2_s: fixedSeconds(1.5, `${hecoV}: LV3 must trip 1.5 s`),
    of1_hz: fixedHertz(63, `${hecoF}: HF1 above 63.0 Hz`),
    of1_s: fixedSeconds(21, `${hecoF}: HF1 must trip 21 s (ride-through 20 s)`),
    of2_hz: adjustable(
      65,
      64,
      65,
      `${hecoF}: HF2 above 65.0 Hz; O'ahu, Maui and Hawai'i Island feeders may be set to 64.0 Hz`,
    ),
    of2_s: fixedSeconds(0.16, `${hecoF}: HF2 must trip 0.16 s`),
    uf1_hz: fixedHertz(57, `${hecoF}: LF1 below 57.0 Hz`),
    uf1_s: fixedSeconds(21, `${hecoF}: LF1 must trip 21 s (ride-through 20 s)`),
    uf2_hz: adjustable(
      50,
      50,
      56,
      `${hecoF}: LF2 below 50.0 Hz; O'ahu, Maui and Hawai'i Island feeders may be set to 56.0 Hz`,
    ),
    uf2_s: fixedSeconds(0.16, `${hecoF}: LF2 must trip 0.16 s`),
    reconnect_v_min: fixedVolts(105.6, 120, `${hecoConnect}: voltage at least 0.88 pu`),
    reconnect_v_max: fixedVolts(132, 120, `${hecoConnect}: voltage at most 1.10 pu`),
    reconnect_hz_min: adjustable(
      59.5,
      57,
      59.9,
      `${hecoConnect}: lower frequency 59.5 Hz (the IEEE 1547-2018 Table 4 default), manufacturer default within the standard's range (57.0–59.9 Hz)`,
    ),
    reconnect_hz_max: fixedHertz(60.1, `${hecoConnect}: frequency at most 60.1 Hz`),
    reconnect_delay_s: adjustable(
      300,
      300,
      600,
      `${hecoConnect}: 300 s within the window before reconnection; up to 600 s manufacturer range`,
    ),
    ramp_pct_per_min: adjustable(
      20,
      6,
      100,
      `${hecoConnect}: soft-start over 300 s (20 %/min), manufacturer default within the standard's range (6–100 %/min)`,
    ),
  },
};

// ── South Africa: NRS 097-2-1 ──────────────────────────────────────────────────────────────

const nrsV = 'NRS 097-2-1:2017 §4.2, table of responses to abnormal voltages (maximum trip times)';
const nrsF = 'NRS 097-2-1:2017 §4.2, frequency disconnection requirement';
const nrsConnect = 'NRS 097-2-1:2017 §4.2, reconnection after a disconnection';

const nrs097: GridStandard = {
  code: 'NRS097',
  name: 'NRS 097-2-1',
  countries: ['ZA'],
  nominalVoltageV: 230,
  nominalFrequencyHz: 50,
  selfTest: false,
  edition: 'NRS 097-2-1:2017 Edition 2.1 (2020), utility interface of small-scale embedded generation',
  settings: {
    ov1_v: fixedVolts(253, 230, `${nrsV}: above 110 % Un`),
    ov1_s: fixedSeconds(2, `${nrsV}: 110–120 % Un trips within 2 s`),
    ov2_v: fixedVolts(276, 230, `${nrsV}: at or above 120 % Un`),
    ov2_s: fixedSeconds(0.16, `${nrsV}: at or above 120 % Un trips within 0.16 s`),
    uv1_v: fixedVolts(195.5, 230, `${nrsV}: below 85 % Un`),
    uv1_s: fixedSeconds(2, `${nrsV}: 50–85 % Un trips within 2 s`),
    uv2_v: fixedVolts(115, 230, `${nrsV}: below 50 % Un`),
    uv2_s: fixedSeconds(0.2, `${nrsV}: below 50 % Un trips within 0.2 s`),
    of1_hz: fixedHertz(51.5, `${nrsF}: over-frequency trip at 51.5 Hz`),
    of1_s: fixedSeconds(0.5, `${nrsF}: over-frequency trip within 0.5 s`),
    of2_hz: adjustable(
      52,
      51.6,
      52.5,
      `${nrsF}: standard defines one stage (51.5 Hz); second stage 52.0 Hz manufacturer default (range 51.6–52.5 Hz)`,
    ),
    of2_s: adjustable(
      0.2,
      0.1,
      0.5,
      `${nrsF}: standard defines one stage; second stage 0.2 s manufacturer default`,
    ),
    uf1_hz: fixedHertz(47.5, `${nrsF}: under-frequency trip at 47.5 Hz`),
    uf1_s: fixedSeconds(0.5, `${nrsF}: under-frequency trip within 0.5 s`),
    uf2_hz: adjustable(
      47,
      46.5,
      47.4,
      `${nrsF}: standard defines one stage (47.5 Hz); second stage 47.0 Hz manufacturer default (range 46.5–47.4 Hz)`,
    ),
    uf2_s: adjustable(
      0.2,
      0.1,
      0.5,
      `${nrsF}: standard defines one stage; second stage 0.2 s manufacturer default`,
    ),
    reconnect_v_min: adjustable(
      207,
      195.5,
      230,
      `${nrsConnect}: back within the normal range; 90 % Un manufacturer default within the standard's range (85–100 % Un)`,
    ),
    reconnect_v_max: adjustable(
      253,
      230,
      253,
      `${nrsConnect}: back within the normal range; 110 % Un, the upper end of the standard's range`,
    ),
    reconnect_hz_min: adjustable(
      49,
      47.5,
      50,
      `${nrsConnect}: back within the normal range; 49.0 Hz manufacturer default within the standard's range (47.5–50.0 Hz)`,
    ),
    reconnect_hz_max: adjustable(
      51,
      50,
      51.5,
      `${nrsConnect}: back within the normal range; 51.0 Hz manufacturer default within the standard's range (50.0–51.5 Hz)`,
    ),
    reconnect_delay_s: adjustable(
      60,
      60,
      600,
      `${nrsConnect}: reconnection no sooner than 60 s after the grid is back; up to 600 s manufacturer range`,
    ),
    ramp_pct_per_min: noRamp('NRS 097-2-1'),
  },
};

// ── Australia and New Zealand: AS/NZS 4777.2 ───────────────────────────────────────────────

const asnzs = 'AS/NZS 4777.2:2020 Table 4.1 (passive anti-islanding set-points)';
const asnzsConnect = 'AS/NZS 4777.2:2020 §4, connection and reconnection procedure';
const asnzsRamp = 'AS/NZS 4777.2:2020 §3, power rate limit: soft ramp-up after connect or reconnect';

interface AsNzsRegion {
  code: GridStandardCode;
  region: string;
  countries: readonly string[];
  underHz: number;
  overHz: number;
}

function asNzs4777(region: AsNzsRegion): GridStandard {
  const { underHz, overHz } = region;
  return {
    code: region.code,
    name: `AS/NZS 4777.2 ${region.region}`,
    countries: region.countries,
    nominalVoltageV: 230,
    nominalFrequencyHz: 50,
    selfTest: false,
    edition: `AS/NZS 4777.2:2020, inverter requirements, ${region.region} settings`,
    settings: {
      ov1_v: fixedVolts(265, 230, `${asnzs}: overvoltage 1 (V>) 265 V`),
      ov1_s: fixedSeconds(1, `${asnzs}: V> trip delay 1 s (maximum disconnection time 2 s)`),
      ov2_v: fixedVolts(275, 230, `${asnzs}: overvoltage 2 (V>>) 275 V`),
      ov2_s: fixedSeconds(0.2, `${asnzs}: V>> maximum disconnection time 0.2 s`),
      uv1_v: fixedVolts(180, 230, `${asnzs}: undervoltage 1 (V<) 180 V`),
      uv1_s: fixedSeconds(10, `${asnzs}: V< trip delay 10 s (maximum disconnection time 11 s)`),
      uv2_v: fixedVolts(70, 230, `${asnzs}: undervoltage 2 (V<<) 70 V`),
      uv2_s: fixedSeconds(1, `${asnzs}: V<< trip delay 1 s (maximum disconnection time 2 s)`),
      of1_hz: fixedHertz(overHz, `${asnzs}: over-frequency (F>) ${overHz} Hz for ${region.region}`),
      of1_s: fixedSeconds(0.2, `${asnzs}: F> maximum disconnection time 0.2 s`),
      of2_hz: adjustable(
        overHz + 0.5,
        overHz + 0.1,
        overHz + 1,
        `${asnzs}: standard defines one stage (F> ${overHz} Hz); second stage ${overHz + 0.5} Hz manufacturer default`,
      ),
      of2_s: adjustable(
        0.2,
        0.1,
        0.2,
        `${asnzs}: standard defines one stage; second stage 0.2 s, as F>, manufacturer default`,
      ),
      uf1_hz: fixedHertz(underHz, `${asnzs}: under-frequency (F<) ${underHz} Hz for ${region.region}`),
      uf1_s: fixedSeconds(1, `${asnzs}: F< trip delay 1 s (maximum disconnection time 2 s)`),
      uf2_hz: adjustable(
        underHz - 0.5,
        underHz - 1,
        underHz - 0.1,
        `${asnzs}: standard defines one stage (F< ${underHz} Hz); second stage ${underHz - 0.5} Hz manufacturer default`,
      ),
      uf2_s: adjustable(
        0.2,
        0.1,
        1,
        `${asnzs}: standard defines one stage; second stage 0.2 s manufacturer default`,
      ),
      reconnect_v_min: fixedVolts(205, 230, `${asnzsConnect}: voltage at least 205 V`),
      reconnect_v_max: fixedVolts(253, 230, `${asnzsConnect}: voltage at most 253 V`),
      reconnect_hz_min: fixedHertz(47.5, `${asnzsConnect}: frequency at least 47.5 Hz`),
      reconnect_hz_max: fixedHertz(50.15, `${asnzsConnect}: frequency at most 50.15 Hz`),
      reconnect_delay_s: adjustable(
        60,
        60,
        600,
        `${asnzsConnect}: voltage and frequency within the window for at least 60 s; up to 600 s manufacturer range`,
      ),
      ramp_pct_per_min: adjustable(
        16.6,
        1,
        16.6,
        `${asnzsRamp}: at most 16.67 % of rated power per minute (0 to rated in 6 min), kept to 16.6 at one decimal`,
      ),
    },
  };
}

// ── the list ────────────────────────────────────────────────────────────────────────────────

export const gridStandards: readonly GridStandard[] = [
  cei021,
  vdeArN4105,
  en50549,
  c1011,
  une217002,
  erecG99,
  ul1741,
  rule21,
  heco14h,
  nrs097,
  asNzs4777({ code: 'AS4777_2_A', region: 'Region A', countries: ['AU'], underHz: 47, overHz: 52 }),
  asNzs4777({ code: 'AS4777_2_B', region: 'Region B', countries: ['AU'], underHz: 47, overHz: 52 }),
  asNzs4777({ code: 'AS4777_2_C', region: 'Region C', countries: ['AU'], underHz: 45, overHz: 55 }),
  asNzs4777({ code: 'AS4777_2_NZ', region: 'New Zealand', countries: ['NZ'], underHz: 45, overHz: 55 }),
];

const byCode: ReadonlyMap<string, GridStandard> = new Map(
  gridStandards.map((standard) => [standard.code, standard]),
);

/** The standard of `code`, or undefined for a code not in `gridStandardCodes`. */
export function gridStandardOf(code: string): GridStandard | undefined {
  return byCode.get(code);
}
