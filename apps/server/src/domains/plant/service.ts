import {
  type CallData,
  CO2_KG_PER_KWH,
  co2SavedKg,
  consumptionKwh,
  DeviceType,
  type EnergyBlock,
  type FlowNode,
  type FlowSum,
  flowSumFromTotals,
  incomeOf,
  localDate,
  type PileState,
  type plant,
  powerFlows,
  reportsNow,
  StationType,
  type StationType as StationTypeId,
  selfConsumptionFromFlowsPct,
  selfSufficiencyPct,
  stationDetailKind,
  stationMeasures,
  stationPowers,
} from '@helio/contracts';
import { emsParts } from '@helio/contracts/device-link';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import { recordOf } from '../charging/records/service.ts';
import type { StationFlowDays } from '../energy/flow-days.ts';
import { type EnergyFigures, zeroFigures } from '../energy/ledger.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { LatestDevice, PlantRepository, PlantStation } from './repository.ts';

/**
 * What a plant did and does now: the overview figures, batteries, savings over the caller's
 * stations, the power flow, wallbox sessions and the EMS 5000 system (contracts api/calls/plant.ts).
 */

const round = (value: number, decimals = 3) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The figures of one period from its energy (undefined: no device reported in it). The two rates
 * come from `flows`, the period's summed flow days (energy/flow-days.ts: the battery's
 * grid-charged share counted as bought), or without them from the energy totals by the same rule.
 */
export function energyBlock(
  figures: EnergyFigures | undefined,
  unitPrice: number,
  flows?: FlowSum,
): EnergyBlock {
  const f = figures ?? zeroFigures();
  const consumption = consumptionKwh(f);
  const rates = flows ?? flowSumFromTotals(f);
  return {
    pv_kwh: round(f.pv_kwh),
    consumption_kwh: round(consumption),
    import_kwh: round(f.import_kwh),
    export_kwh: round(f.export_kwh),
    charge_kwh: round(f.charge_kwh),
    discharge_kwh: round(f.discharge_kwh),
    ev_kwh: round(f.ev_kwh),
    generator_kwh: round(f.generator_kwh),
    self_consumption_pct: nullableRound(selfConsumptionFromFlowsPct(rates), 1),
    autarky_pct: nullableRound(selfSufficiencyPct(rates), 1),
    income: incomeOf(f.pv_kwh, unitPrice),
    co2_kg: round(co2SavedKg(f.pv_kwh)),
    has_data: figures !== undefined,
  };
}

const nullableRound = (value: number | null, decimals: number) =>
  value === null ? null : round(value, decimals);

function powersItem(devices: LatestDevice[]) {
  const reported = devices.filter((device) => device.values !== null);
  const powers = stationPowers(
    reported.map((device) => ({ device_type: device.device_type, values: device.values ?? {} })),
  );
  return {
    pv_w: nullableRound(powers.pv_w, 1),
    generator_w: nullableRound(powers.generator_w, 1),
    grid_w: nullableRound(powers.grid_w, 1),
    battery_w: nullableRound(powers.battery_w, 1),
    soc_pct: nullableRound(powers.soc_pct, 1),
    load_w: nullableRound(powers.load_w, 1),
    ev_w: nullableRound(powers.ev_w, 1),
  };
}

const newest = (devices: LatestDevice[]) =>
  devices.reduce<number | null>(
    (max, device) => (device.ms !== null && (max === null || device.ms > max) ? device.ms : max),
    null,
  );

const PILE_SESSION_DAYS = 30;
const MAX_SESSIONS = 20;

export function plantService(
  repo: PlantRepository,
  tenancy: Tenancy,
  now: () => Date = () => new Date(),
  flowDays?: Pick<StationFlowDays, 'periodSums'>,
) {
  /** The flow sums of a station's periods; without flow days, none (the rates follow the totals). */
  async function flowSums(station: PlantStation, day: string, todayTotals: EnergyFigures | undefined) {
    return flowDays?.periodSums(station, day, now().getTime(), todayTotals);
  }

  /** The station, after the caller's check (9001 when out of reach or gone). */
  async function seen(caller: Caller, stationId: number): Promise<PlantStation> {
    // one query: a station out of reach answers 9001 exactly like one that does not exist
    const station = await repo.station(tenancy.seen(caller), stationId);
    if (!station) throw new Refusal('9001');
    return station;
  }

  return {
    seen,

    async overview(caller: Caller, stationId: number): Promise<CallData<typeof plant.overview>> {
      const station = await seen(caller, stationId);
      const day = localDate(now().getTime(), station.timezone);
      const [devices, figures] = await Promise.all([
        repo.latest(stationId),
        repo.periodFigures({ stationId }, day),
      ]);
      const flows = await flowSums(station, day, figures.day);
      const today = energyBlock(figures.day, station.unit_price, flows?.today);
      return {
        station_id: stationId,
        station_type: station.station_type,
        timezone: station.timezone,
        local_date: day,
        currency: station.currency,
        unit_price: station.unit_price,
        capacity_kwp: station.capacity_kwp,
        co2_factor_kg_per_kwh: CO2_KG_PER_KWH,
        updated_at: iso(newest(devices)),
        // the headline powers are now's, as in the station list (contracts `stationPvPowerW`)
        power: powersItem(devices.filter(reportsNow)),
        today,
        month: energyBlock(figures.month, station.unit_price, flows?.month),
        year: energyBlock(figures.year, station.unit_price, flows?.year),
        total: energyBlock(figures.total, station.unit_price, flows?.total),
        today_yield_h:
          station.capacity_kwp > 0 && today.has_data ? round(today.pv_kwh / station.capacity_kwp, 2) : null,
      };
    },

    async storageOverview(
      caller: Caller,
      stationId: number,
    ): Promise<CallData<typeof plant.storageOverview>> {
      const station = await seen(caller, stationId);
      const batteries = (await repo.latest(stationId)).filter((device) =>
        stationMeasures([device.device_type]).has('battery_w'),
      );
      const figures = await repo.periodFigures(
        { deviceIds: batteries.map((device) => device.device_id) },
        localDate(now().getTime(), station.timezone),
      );
      const powers = powersItem(batteries);
      const soh = batteries
        .map((device) => device.values?.soh_pct ?? device.values?.['bms.soh_pct'])
        .filter((value): value is number => typeof value === 'number');
      return {
        station_id: stationId,
        battery_count: batteries.length,
        soc_pct: powers.soc_pct,
        power_w: powers.battery_w,
        state:
          powers.battery_w === null
            ? null
            : powers.battery_w >= 5
              ? 'charging'
              : powers.battery_w <= -5
                ? 'discharging'
                : 'idle',
        soh_pct: soh.length === 0 ? null : round(soh.reduce((a, b) => a + b, 0) / soh.length, 1),
        today_charge_kwh: round(figures.day?.charge_kwh ?? 0),
        today_discharge_kwh: round(figures.day?.discharge_kwh ?? 0),
        total_charge_kwh: round(figures.total?.charge_kwh ?? 0),
        total_discharge_kwh: round(figures.total?.discharge_kwh ?? 0),
        updated_at: iso(newest(batteries)),
      };
    },

    async allSavings(caller: Caller): Promise<CallData<typeof plant.allSavings>> {
      const stations = await repo.savings(tenancy.seen(caller));
      const income = new Map<string, { today: number; total: number }>();
      let todayPv = 0;
      let totalPv = 0;
      for (const station of stations) {
        todayPv += station.today_pv;
        totalPv += station.total_pv;
        // a station's income to the cent, as its own overview says it, then added up by currency
        const sum = income.get(station.currency) ?? { today: 0, total: 0 };
        sum.today += incomeOf(station.today_pv, station.unit_price);
        sum.total += incomeOf(station.total_pv, station.unit_price);
        income.set(station.currency, sum);
      }
      return {
        station_count: stations.length,
        today_pv_kwh: round(todayPv),
        total_pv_kwh: round(totalPv),
        co2_kg: round(co2SavedKg(totalPv), 2),
        co2_factor_kg_per_kwh: CO2_KG_PER_KWH,
        income: [...income]
          .map(([currency, sum]) => ({ currency, today: round(sum.today, 2), total: round(sum.total, 2) }))
          .sort((a, b) => b.total - a.total || a.currency.localeCompare(b.currency)),
      };
    },

    async isHighStation(caller: Caller, stationId: number): Promise<CallData<typeof plant.isHighStation>> {
      const station = await seen(caller, stationId);
      const type = station.station_type as StationTypeId;
      return { is_high: type === StationType.commercialEss, detail: stationDetailKind[type] };
    },

    async isParallel(caller: Caller, stationId: number): Promise<CallData<typeof plant.isParallel>> {
      await seen(caller, stationId);
      const inverters = (await repo.latest(stationId)).filter(isInverter);
      return { is_parallel: inverters.length > 1, inverter_count: inverters.length };
    },

    async parallelStationData(
      caller: Caller,
      stationId: number,
    ): Promise<CallData<typeof plant.parallelStationData>> {
      const station = await seen(caller, stationId);
      const inverters = (await repo.latest(stationId)).filter(isInverter);
      const day = localDate(now().getTime(), station.timezone);
      const today = await repo.devicesDayPv(
        inverters.map((device) => device.device_id),
        day,
      );
      const pvSum = inverters.reduce((sum, device) => sum + Math.max(0, device.pv_power_w ?? 0), 0);
      const items = inverters.map((device) => ({
        device_id: device.device_id,
        sn: device.sn,
        device_type: device.device_type,
        status: device.status,
        power_w: nullableRound(device.power_w, 1),
        pv_power_w: nullableRound(device.pv_power_w, 1),
        today_kwh: today.has(device.device_id) ? round(today.get(device.device_id) ?? 0) : null,
        total_kwh: nullableRound(device.total_kwh, 3),
        share_pct:
          device.pv_power_w === null || pvSum <= 0
            ? null
            : round((Math.max(0, device.pv_power_w) / pvSum) * 100, 1),
        updated_at: iso(device.ms),
      }));
      const withPower = items.filter((item) => item.power_w !== null);
      const withToday = items.filter((item) => item.today_kwh !== null);
      return {
        inverters: items,
        power_w:
          withPower.length === 0
            ? null
            : round(
                withPower.reduce((sum, item) => sum + (item.power_w ?? 0), 0),
                1,
              ),
        today_kwh:
          withToday.length === 0
            ? null
            : round(withToday.reduce((sum, item) => sum + (item.today_kwh ?? 0), 0)),
      };
    },

    async powerFlow(caller: Caller, stationId: number): Promise<CallData<typeof plant.powerFlow>> {
      await seen(caller, stationId);
      const devices = await repo.latest(stationId);
      const measured = stationMeasures(devices.map((device) => device.device_type));
      const powers = powersItem(devices);
      const updated = newest(devices);
      const nowMs = now().getTime();
      const reporting = devices.filter((device) => device.ms !== null);
      // quiet: the newest reading is older than three of the slowest reporting device's intervals
      const interval = Math.max(60, ...reporting.map((device) => device.report_interval_s));
      const ems = devices.some((device) => device.device_type === DeviceType.energyManagementBox);
      const pile = devices.find((device) => device.device_type === DeviceType.chargingPile);
      const nodes: CallData<typeof plant.powerFlow>['nodes'] = [];
      const add = (node: FlowNode, power: number | null, extra: object = {}) =>
        nodes.push({ node, power_w: power, ...extra });
      if (measured.has('pv_w')) add('pv', powers.pv_w, ems ? { part: 'pvs' } : {});
      if (measured.has('generator_w')) add('generator', powers.generator_w, { part: 'generator' });
      if (measured.has('grid_w')) add('grid', powers.grid_w, ems ? { part: 'meter' } : {});
      if (measured.has('battery_w'))
        add('battery', powers.battery_w, { soc_pct: powers.soc_pct, ...(ems ? { part: 'pcs' } : {}) });
      if (measured.has('load_w')) add('load', powers.load_w);
      if (measured.has('ev_w'))
        add('ev', powers.ev_w, {
          pile_state: (pile?.values?.pile_state as PileState | undefined) ?? null,
        });
      return {
        station_id: stationId,
        updated_at: iso(updated),
        age_s: updated === null ? null : Math.max(0, Math.round((nowMs - updated) / 1000)),
        stale: updated === null || nowMs - updated > 3 * interval * 1000,
        nodes,
        flows: powerFlows(powers).map((flow) => ({ ...flow, power_w: round(flow.power_w, 1) })),
      };
    },

    async pileOverview(caller: Caller, stationId: number): Promise<CallData<typeof plant.pileOverview>> {
      const station = await seen(caller, stationId);
      const piles = (await repo.latest(stationId)).filter(
        (device) => device.device_type === DeviceType.chargingPile,
      );
      const ids = piles.map((device) => device.device_id);
      const nowMs = now().getTime();
      const [figures, stored] = await Promise.all([
        repo.periodFigures({ deviceIds: ids }, localDate(nowMs, station.timezone)),
        repo.pileSessions(stationId, nowMs - PILE_SESSION_DAYS * 86_400_000, MAX_SESSIONS),
      ]);
      // the sessions as the records keep them: a car plugged but no longer charging says plugged
      const sessions = stored.map((row) => {
        const record = recordOf(row, nowMs);
        return {
          device_id: record.device_id,
          sn: record.sn,
          started_at: record.started_at,
          ended_at: record.ended_at,
          energy_kwh: record.energy_kwh,
          max_power_w: record.max_power_w,
          state: record.state,
        };
      });
      const powered = piles.filter((device) => device.power_w !== null);
      return {
        station_id: stationId,
        timezone: station.timezone,
        piles: piles.map((device) => ({
          device_id: device.device_id,
          sn: device.sn,
          status: device.status,
          pile_state: (device.values?.pile_state as PileState | undefined) ?? null,
          power_w: nullableRound(device.power_w, 1),
          session_kwh:
            typeof device.values?.session_kwh === 'number' ? round(device.values.session_kwh) : null,
          updated_at: iso(device.ms),
        })),
        power_w:
          powered.length === 0
            ? null
            : round(
                powered.reduce((sum, device) => sum + (device.power_w ?? 0), 0),
                1,
              ),
        today_kwh: round(figures.day?.ev_kwh ?? 0),
        month_kwh: round(figures.month?.ev_kwh ?? 0),
        total_kwh: round(figures.total?.ev_kwh ?? 0),
        sessions,
      };
    },

    async emsIndex(caller: Caller, stationId: number): Promise<CallData<typeof plant.emsIndex>> {
      const station = await seen(caller, stationId);
      const devices = await repo.latest(stationId);
      const ems = devices.find((device) => device.device_type === DeviceType.energyManagementBox);
      const day = localDate(now().getTime(), station.timezone);
      const figures = await repo.periodFigures({ stationId }, day);
      const flows = await flowSums(station, day, figures.day);
      const parts = emsParts.map((part) => {
        const values: Record<string, number> = {};
        let state: number | null = null;
        for (const [key, value] of Object.entries(ems?.values ?? {})) {
          if (!key.startsWith(`${part}.`) || typeof value !== 'number') continue;
          const field = key.slice(part.length + 1);
          if (field === 'state') state = value;
          else values[field] = value;
        }
        return { part, state, values };
      });
      return {
        station_id: stationId,
        device_id: ems?.device_id ?? null,
        sn: ems?.sn ?? null,
        status: ems?.status ?? null,
        updated_at: iso(ems?.ms ?? null),
        parts: ems ? parts.filter((part) => part.state !== null || Object.keys(part.values).length > 0) : [],
        power: powersItem(devices),
        today: energyBlock(figures.day, station.unit_price, flows?.today),
        total: energyBlock(figures.total, station.unit_price, flows?.total),
      };
    },
  };
}

function isInverter(device: LatestDevice): boolean {
  return (
    device.device_type === DeviceType.inverter ||
    device.device_type === DeviceType.commercialHybrid ||
    device.device_type === DeviceType.offGrid
  );
}

export type PlantService = ReturnType<typeof plantService>;
