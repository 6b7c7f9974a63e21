/** What an EMS 5000 reports: the C&I site's system of record, every part the site has with its counters. */
import type { StrategyMode } from '@helio/contracts';
import {
  type EmsPart,
  type EmsPartStateName,
  type EmsStateSet,
  emsStateCode,
} from '@helio/contracts/device-link';
import { mix32, uniformAt } from '../../random.ts';
import { batteryNominalV, batteryTemperatureC, batteryVoltageV, bmsLayout } from './battery.ts';
import { Channel, clamp, type DeviceReading, IDLE_W, PV_CONVERTER_EFFICIENCY, round } from './reading.ts';

/**
 * EMS 5000 (device type 8, protocol section 4.7): the system's state and running mode, the site's
 * load and one object per part, each with its own numbered states (contracts `emsPartStates`):
 *
 * - system: `fault` when the device itself stopped, `standby` on a dark site (the grid out and no
 *   island), `transferring` while the STS waits to reconnect, `island` off the grid, else `grid_tied`;
 * - PCS: `standby` switched off or dark, `derating` held below what was asked (its power limit, or
 *   too hot), `off_grid` forming the island, else `charging`/`discharging`, idle `grid_tied`;
 * - PVS: `shutdown` switched off, `derating` curtailed (a limit, the export limit, an island with
 *   nowhere to put it), `mppt` producing, else `standby`;
 * - BMS: `protection` at a stop SOC or a cell temperature limit, `balancing` near full when the
 *   cells spread more than the balancing threshold, `charging`/`discharging`, else `idle`;
 * - STS: `grid`, `island`, `transferring` (a dark site's switch stays on the dead grid);
 * - generator: the engine's `stopped`/`starting`/`running`/`cooling`;
 * - meter: `normal`.
 *
 * A part a fault stopped reports its set's fault state (the meter `communication_fault`).
 */

const FAULT: { [P in EmsStateSet]: EmsPartStateName<P> } = {
  ems: 'fault',
  pcs: 'fault',
  pvs: 'fault',
  bms: 'fault',
  sts: 'fault',
  generator: 'fault',
  meter: 'communication_fault',
};

/** Above this the PCS holds its power back, °C. */
const PCS_DERATE_C = 65;
/** Cell temperatures at which the BMS protects the cells, °C. */
const CELL_HOT_C = 50;
const CELL_COLD_C = 0;
/** The SOC from which a BMS balances its cells, %. */
const BALANCE_FROM_SOC_PCT = 90;

/** EMS 5000: its system state and mode, the site's load and one object per part. */
export function energyManagementValues(reading: DeviceReading): Record<string, unknown> {
  const { share } = reading.plan;
  const { state, config } = reading;
  const transfer = state.grid.transfer;
  const dark = transfer === 'dark';
  const islanded = !config.gridConnected || transfer === 'island' || transfer === 'transferring';
  const code = <P extends EmsStateSet>(part: P, working: EmsPartStateName<P>): number =>
    emsStateCode(part, reading.stopped(part as EmsPart) ? FAULT[part] : working);

  let system: EmsPartStateName<'ems'> = 'grid_tied';
  if (dark) system = 'standby';
  else if (transfer === 'transferring') system = 'transferring';
  else if (islanded) system = 'island';
  const mode: StrategyMode = config.battery?.strategy?.mode ?? config.battery?.mode ?? 'self_consumption';
  const values: Record<string, unknown> = {
    state: emsStateCode('ems', reading.stopped('device') ? 'fault' : system),
    mode,
    load_power_w: round((state.loadW + state.evW) * share, 0),
  };

  // the site's AC: the grid's, the island's the PCS (or the generator) forms, nothing on a dark site
  const gridV = state.grid.available ? reading.lineVoltage() : 0;
  const gridHz = state.grid.available ? reading.frequency() : 0;
  const islandV = round(reading.plan.grid.lineV * (1 + reading.vary(Channel.gridVoltage, 0.004)), 1);
  const islandHz = round(reading.plan.grid.frequencyHz + reading.vary(Channel.gridFrequency, 0.01), 2);
  const siteV = dark ? 0 : islanded ? islandV : gridV;
  const siteHz = dark ? 0 : islanded ? islandHz : gridHz;

  const batteryConfig = config.battery;
  const batteryRatedW = batteryConfig
    ? Math.max(batteryConfig.maxChargeW, batteryConfig.maxDischargeW, 1)
    : 1;
  const batteryW = state.batteryW * share;
  const capacityKwh = batteryConfig?.capacityKwh ?? 200;
  const batteryV = batteryVoltageV(reading, batteryNominalV(capacityKwh), batteryW, batteryRatedW);

  for (const part of reading.plan.parts) {
    switch (part) {
      case 'pcs': {
        const temperature = reading.temperature(Math.abs(batteryW) / batteryRatedW, 22);
        const off = config.pcsEnabled === false || dark;
        let working: EmsPartStateName<'pcs'>;
        if (off) working = 'standby';
        else if (state.batteryHeld || temperature > PCS_DERATE_C) working = 'derating';
        else if (islanded) working = 'off_grid';
        else if (batteryW > IDLE_W) working = 'charging';
        else if (batteryW < -IDLE_W) working = 'discharging';
        else working = 'grid_tied';
        const acV = off ? 0 : siteV;
        values.pcs = {
          state: code('pcs', working),
          ac_power_w: round(batteryW, 0),
          // at unity power factor a little reactive power stays (filters, transformer)
          reactive_power_var: round(Math.abs(batteryW) * 0.02 * reading.vary(Channel.powerFactor, 1), 0),
          ac_voltage_v: acV,
          ac_current_a: acV > 0 ? round(Math.abs(batteryW) / (Math.sqrt(3) * acV), 1) : 0,
          ac_frequency_hz: off ? 0 : siteHz,
          dc_voltage_v: batteryV,
          temperature_c: temperature,
          charge_kwh: reading.counter('charge_kwh'),
          discharge_kwh: reading.counter('discharge_kwh'),
        };
        break;
      }
      case 'pvs':
        values.pvs = pvsValues(reading, code);
        break;
      case 'bms':
        values.bms = bmsValues(reading, code, batteryW, batteryRatedW, batteryV);
        break;
      case 'sts': {
        let working: EmsPartStateName<'sts'> = 'grid';
        if (transfer === 'transferring') working = 'transferring';
        else if (islanded) working = 'island';
        values.sts = {
          state: code('sts', working),
          grid_voltage_v: gridV,
          grid_frequency_hz: gridHz,
          load_voltage_v: siteV,
          transfers: state.grid.transfers,
        };
        break;
      }
      case 'generator': {
        const turning = state.generator.state !== 'stopped';
        values.generator = {
          state: code('generator', state.generator.state),
          power_w: round(state.generatorW * share, 0),
          voltage_v: turning
            ? round(reading.plan.grid.lineV * (1 + reading.vary(Channel.gridVoltage, 0.015)), 1)
            : 0,
          frequency_hz: turning
            ? round(reading.plan.grid.frequencyHz + reading.vary(Channel.gridFrequency, 0.08), 2)
            : 0,
          fuel_pct: round(state.generator.fuelPct, 1),
          run_hours: round(state.generator.runHours, 1),
          generator_kwh: reading.counter('generator_kwh'),
        };
        break;
      }
      case 'meter': {
        const gridW = state.gridW;
        // a commercial site's power factor: 0.95–0.99, its sign the direction of the power
        const factor = clamp(0.97 + reading.vary(Channel.powerFactor, 0.02), 0, 1);
        values.meter = {
          state: code('meter', 'normal'),
          grid_power_w: round(gridW, 0),
          demand_w: round(state.demandW, 0),
          power_factor: Math.abs(gridW) < IDLE_W ? 1 : round(Math.sign(gridW) * factor, 3),
          import_kwh: reading.counter('import_kwh'),
          export_kwh: reading.counter('export_kwh'),
        };
        break;
      }
    }
  }
  return values;
}

type Code = <P extends EmsStateSet>(part: P, working: EmsPartStateName<P>) => number;

/** The PV converters: their DC side from the AC power the plant balances, their state from the limits. */
function pvsValues(reading: DeviceReading, code: Code): Record<string, unknown> {
  const { state, config } = reading;
  const pvW = state.pvW * reading.plan.share;
  const availableW = state.pvAvailableW * reading.plan.share;
  const irradiance = state.weather.poaIrradianceWm2;
  const voltage =
    pvW > 0 && irradiance >= 5
      ? 720 *
        (1 - 0.0035 * (state.weather.cellC - 25)) *
        (1 + 0.03 * Math.log(Math.max(irradiance, 20) / 1000))
      : 0;
  const dcW = pvW > 0 ? pvW / PV_CONVERTER_EFFICIENCY : 0;
  let working: EmsPartStateName<'pvs'> = 'standby';
  if (config.pvEnabled === false) working = 'shutdown';
  else if (pvW > 0 && pvW < availableW - Math.max(IDLE_W, availableW * 0.01)) working = 'derating';
  else if (pvW > 0) working = 'mppt';
  const ratedW = (config.pv?.inverterRatedW ?? 1) * reading.plan.share;
  return {
    state: code('pvs', working),
    pv_power_w: round(dcW, 0),
    pv_voltage_v: round(Math.max(0, voltage), 1),
    pv_current_a: voltage > 0 ? round(dcW / voltage, 1) : 0,
    temperature_c: reading.temperature(ratedW > 0 ? pvW / ratedW : 0, 26),
    pv_kwh: reading.counter('pv_kwh'),
  };
}

/** Hours a cell stays the highest or lowest of its cluster before another takes its place. */
const CELL_RANK_HOURS = 6;

/**
 * The BMS: the battery's figures and its clusters (`bmsLayout`), each a little off the mean (their
 * SOCs spread by up to ±1.5 %, fixed per cluster), with its cells' extremes. The cells spread more
 * near full and near empty; which cell is highest or lowest changes every few hours.
 */
function bmsValues(
  reading: DeviceReading,
  code: Code,
  batteryW: number,
  batteryRatedW: number,
  batteryV: number,
): Record<string, unknown> {
  const { state, config } = reading;
  const battery = config.battery;
  const soc = state.socPct;
  const { clusters, cellsPerCluster } = bmsLayout(battery?.capacityKwh ?? 200);
  const nominalV = batteryNominalV(battery?.capacityKwh ?? 200);
  const loading = clamp(batteryW / batteryRatedW, -1, 1);
  const temperature = batteryTemperatureC(reading, batteryW, batteryRatedW);
  const key = reading.plan.noiseKey;
  // fixed offsets per cluster, with a mean of zero
  const offsets = Array.from({ length: clusters }, (_, i) => uniformAt(mix32(key ^ 0x5bd1e995), i) * 2 - 1);
  const meanOffset = offsets.reduce((sum, offset) => sum + offset, 0) / clusters;
  const rank = Math.floor(state.ms / (CELL_RANK_HOURS * 3_600_000));
  const spreadMv =
    8 +
    35 * Math.max(0, (soc - 88) / 12) +
    30 * Math.max(0, (15 - soc) / 15) +
    4 * Math.abs(loading) +
    Math.abs(reading.vary(Channel.cellTemperature, 3));
  const current = batteryV > 0 ? batteryW / batteryV : 0;
  const list = offsets.map((offset, i) => {
    const clusterSoc = clamp(soc + 1.5 * (offset - meanOffset), 0, 100);
    const voltage = round(nominalV * (0.93 + 0.0011 * clusterSoc + 0.012 * loading), 1);
    const cellV = voltage / cellsPerCluster;
    const clusterSpread = spreadMv * (0.8 + 0.4 * uniformAt(mix32(key ^ i), rank));
    const cellNo = (salt: number) =>
      1 + Math.floor(uniformAt(mix32(key ^ Math.imul(i + 1, salt)), rank) * cellsPerCluster);
    const warm = temperature + 0.6 * offset;
    return {
      soc_pct: round(clusterSoc, 1),
      voltage_v: voltage,
      current_a: round((current / clusters) * (1 + 0.02 * (offset - meanOffset)), 2),
      max_cell_v: round(cellV + (clusterSpread * 0.6) / 1000, 3),
      min_cell_v: round(cellV - (clusterSpread * 0.4) / 1000, 3),
      max_cell_no: cellNo(0x27d4eb2d),
      min_cell_no: cellNo(0x165667b1),
      max_cell_c: round(warm + 1.5 + Math.abs(reading.vary(Channel.cellTemperature, 0.4)), 1),
      min_cell_c: round(warm - 1.2, 1),
    };
  });
  const maxCellV = Math.max(...list.map((cluster) => cluster.max_cell_v));
  const minCellV = Math.min(...list.map((cluster) => cluster.min_cell_v));
  const maxCellC = Math.max(...list.map((cluster) => cluster.max_cell_c));
  const minCellC = Math.min(...list.map((cluster) => cluster.min_cell_c));
  const atStop =
    battery !== undefined && (soc <= battery.minSocPct + 0.05 || soc >= battery.maxSocPct - 0.05);
  let working: EmsPartStateName<'bms'> = 'idle';
  if (atStop || maxCellC >= CELL_HOT_C || minCellC <= CELL_COLD_C) working = 'protection';
  else if (
    battery?.balancing !== false &&
    soc >= BALANCE_FROM_SOC_PCT &&
    (maxCellV - minCellV) * 1000 > (battery?.balanceStartMv ?? 30)
  )
    working = 'balancing';
  else if (batteryW > IDLE_W) working = 'charging';
  else if (batteryW < -IDLE_W) working = 'discharging';
  return {
    state: code('bms', working),
    soc_pct: round(soc, 1),
    soh_pct: round(state.sohPct, 1),
    voltage_v: batteryV,
    current_a: round(current, 2),
    max_cell_v: maxCellV,
    min_cell_v: minCellV,
    max_cell_temperature_c: maxCellC,
    min_cell_temperature_c: minCellC,
    clusters: list,
  };
}
