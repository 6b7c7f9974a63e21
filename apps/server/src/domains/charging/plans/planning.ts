import {
  activeTarget,
  type ChargingForecast,
  type ChargingForecastResult,
  type ChargingPlan,
  chargingPlanShape,
  type PileState,
  PLAN_HORIZON_MS,
  planCharging,
  plannedHours,
  type Tariff,
} from '@helio/contracts';
import type { TariffsRepository } from '../../tariffs/repository.ts';
import { type ForecastSource, forecastEnd, type StationForecasts } from './forecast.ts';
import type { PlanningStation } from './repository.ts';

/**
 * A plan's forecast from now, as the calls answer it and the replan job sends it: the pure planner
 * (contracts charging/planner.ts `planCharging`) given the station's zone, tariff (else its unit
 * price) and PV forecast (forecast.ts), and from the charger's newest reading the energy the
 * session under way already took and the car's SOC.
 */

/** What the planner is told of the charger's newest reading. */
export interface SessionNow {
  /** Energy the plugged car took in the session under way, Wh; 0 without a car. */
  deliveredWh: number;
  /** The plugged car's SOC when it tells it. */
  carSocPct: number | null;
}

const plugged: readonly string[] = ['plugged', 'charging'] satisfies PileState[];

/** The session under way by a wallbox's newest values (none: no car). */
export function sessionOf(values: Readonly<Record<string, number | string>> | null): SessionNow {
  if (!values || typeof values.pile_state !== 'string' || !plugged.includes(values.pile_state))
    return { deliveredWh: 0, carSocPct: null };
  const sessionKwh = values.session_kwh;
  const soc = values.car_soc_pct;
  return {
    deliveredWh: typeof sessionKwh === 'number' && sessionKwh > 0 ? sessionKwh * 1000 : 0,
    carSocPct: typeof soc === 'number' ? soc : null,
  };
}

/**
 * A stored plan as it stands at `nowMs`: read with the plan's shape (a body that no longer reads is
 * no plan), its override gone once it departed (it applies no more, and a form sending it back
 * would be refused for a past departure).
 */
export function storedPlan(body: unknown, nowMs: number): ChargingPlan | undefined {
  const parsed = chargingPlanShape.safeParse(body);
  if (!parsed.success) return undefined;
  const plan = parsed.data;
  if (plan.override && Date.parse(plan.override.departure_at) <= nowMs) return { ...plan, override: null };
  return plan;
}

export interface Planned {
  result: ChargingForecastResult;
  session: SessionNow;
  source: ForecastSource | null;
}

const kwh = (wh: number) => Math.round(wh) / 1000;

/** The planner's answer as the calls give it: by station-local hour, energies in kWh, instants ISO. */
export function forecastView(planned: Planned, zone: string): ChargingForecast {
  const { result } = planned;
  return {
    mode: result.mode,
    hours: plannedHours(result, zone).map((hour) => ({
      start: new Date(hour.startMs).toISOString(),
      planned_kwh: kwh(hour.plannedWh),
      pv_kwh: kwh(hour.pvWh),
      expected_pv_kwh: hour.expectedPvWh === null ? null : kwh(hour.expectedPvWh),
      band: hour.band,
      price: hour.price,
    })),
    target: result.target && {
      source: result.target.source,
      departure_at: new Date(result.target.departureMs).toISOString(),
      need_kwh: kwh(result.target.needWh),
    },
    expected_kwh: kwh(result.expectedWh),
    expected_pv_kwh: kwh(result.expectedPvWh),
    expected_cost: result.expectedCost,
    reachable: result.reachable,
    shortfall_kwh: kwh(result.shortfallWh),
    warnings: result.warnings,
    forecast_source: planned.source,
  };
}

export function chargingPlanning(options: {
  tariffs: Pick<TariffsRepository, 'tariff'>;
  forecasts: StationForecasts;
}) {
  return {
    /** The station's tariff, or null without one. */
    async tariffOf(stationId: number): Promise<Tariff | null> {
      return (await options.tariffs.tariff(stationId))?.tariff ?? null;
    },

    /** Plans `plan` for a charger of `station` whose newest values are `values`, from `nowMs`. */
    async plan(
      station: PlanningStation,
      plan: ChargingPlan,
      values: Readonly<Record<string, number | string>> | null,
      tariff: Tariff | null,
      nowMs: number,
    ): Promise<Planned> {
      const zone = station.timezone;
      const session = sessionOf(values);
      const target = activeTarget(plan, nowMs, zone);
      const planEndMs = target ? target.departureMs : nowMs + PLAN_HORIZON_MS;
      const forecast = await options.forecasts.forecast(station, nowMs, forecastEnd(nowMs, planEndMs));
      const result = planCharging({
        nowMs,
        zone,
        plan,
        deliveredWh: session.deliveredWh,
        carSocPct: session.carSocPct,
        tariff,
        unitPrice: station.unitPrice,
        forecast: forecast.hours,
      });
      return { result, session, source: forecast.source };
    },
  };
}

export type ChargingPlanning = ReturnType<typeof chargingPlanning>;
