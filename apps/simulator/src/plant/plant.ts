import { assertTimeZone, type StrategyProgram } from '@helio/contracts';
import { deriveSeed, Random } from '../random.ts';
import { Battery, batteryTargetW, batteryWindow, floorSocPct, stateOfHealthPct } from './battery.ts';
import { applyControl, applyStrategy } from './control.ts';
import { Generator } from './generator.ts';
import { DemandMeter, defaultSts, GridOutages, TransferSwitch } from './grid.ts';
import { irradianceOnPlane, type PlaneIrradiance } from './irradiance.ts';
import { SiteLoad } from './load.ts';
import { type LocalTime, localTime } from './local-time.ts';
import type { EnergyCounters, Plant, PlantConfig, PlantControl, PlantState, TransferState } from './model.ts';
import { arrayDcPowerW, cellTemperatureC, inverterAcPowerW } from './pv.ts';
import { applySettings, type HardwareLimits } from './settings.ts';
import { type ClearSky, SunOverPlane } from './sun.ts';
import { noPile, noWallbox, Wallbox } from './wallbox.ts';
import { SiteWeather, type WeatherNow } from './weather.ts';

/**
 * A plant integrated in steps of at most 60 s. Each step takes the PV the sky allows (at most the
 * active power limit), the load and the car's demand at the step's end, lets the generator and the
 * battery act (its strategy, else its slot, else its mode), and gives the remainder to the grid; export above the
 * export limit is taken back from a discharging battery, then put into the battery while it may
 * charge, then curtailed from the generator and the PV. On a site without grid, surplus PV (then
 * generator) is curtailed and a deficit sheds the car, then the load. A grid-connected site
 * islands the same way while its grid is out (outages drawn from the seed, or forced), when its
 * transfer switch may (`sts`) and it has a battery or a generator to form the grid; otherwise it goes
 * dark (nothing produced, nothing served). So every step balances
 * exactly (see PlantState):
 *   pv + generator + import + discharge = load + ev + charge + export.
 * Energy counters add power × step length, in kWh; they only grow.
 */

const maximumStepMs = 60_000;

const hourMs = 3_600_000;

interface StepPowers {
  pvW: number;
  loadW: number;
  evW: number;
  batteryW: number;
  gridW: number;
  generatorW: number;
  pvAvailableW: number;
  batteryHeld: boolean;
  gridUp: boolean;
  transfer: TransferState;
}

class SimulatedPlant implements Plant {
  readonly config: PlantConfig;
  private readonly hardware: HardwareLimits;
  private readonly sun: SunOverPlane | null;
  private readonly cosTilt: number;
  private readonly weather: SiteWeather;
  private readonly load: SiteLoad;
  private readonly battery: Battery | null;
  private readonly wallbox: Wallbox | null;
  private readonly generator: Generator | null;
  private readonly counters: EnergyCounters;
  private readonly outages: GridOutages;
  private readonly transfer = new TransferSwitch();
  private readonly demand = new DemandMeter();
  /** Generator support: the battery reached its floor; the generator refills it to its stop SOC. */
  private supportLow = false;
  private readonly local: LocalTime = { day: 0, hour: 0, weekday: 0 };
  private readonly clear: ClearSky = {
    cosZenith: 0,
    extraterrestrialWm2: 0,
    globalHorizontalWm2: 0,
    diffuseHorizontalWm2: 0,
    directNormalWm2: 0,
    beamOnPlaneWm2: 0,
    beamRatio: 0,
  };
  private readonly sky: WeatherNow = { cloudCover: 0, ambientC: 0 };
  private readonly plane: PlaneIrradiance = { globalHorizontalWm2: 0, planeOfArrayWm2: 0 };
  private readonly powers: StepPowers = {
    pvW: 0,
    loadW: 0,
    evW: 0,
    batteryW: 0,
    gridW: 0,
    generatorW: 0,
    pvAvailableW: 0,
    batteryHeld: false,
    gridUp: true,
    transfer: 'grid',
  };
  private nowMs: number;
  private cellC = 0;
  private state: PlantState;

  constructor(
    config: PlantConfig,
    seed: number,
    startMs: number,
    initialCounters: Partial<EnergyCounters>,
    initialSocPct?: number,
  ) {
    assertTimeZone(config.timeZone);
    // The plant owns its copy: settings change it, the caller's object stays as it was.
    this.config = structuredClone(config);
    const { pv, battery, wallbox, generator, load, latitude, longitude } = this.config;
    this.hardware = {
      maxChargeW: battery?.maxChargeW ?? 0,
      maxDischargeW: battery?.maxDischargeW ?? 0,
      wallboxMaxW: wallbox?.maxPowerW ?? 0,
    };
    this.sun = pv ? new SunOverPlane(latitude, longitude, pv.tiltDeg, pv.azimuthDeg) : null;
    this.cosTilt = pv ? Math.cos((pv.tiltDeg * Math.PI) / 180) : 1;
    this.weather = new SiteWeather(latitude, longitude, deriveSeed(seed, 'weather'));
    this.load = new SiteLoad(load.profile, load.annualKwh, latitude, deriveSeed(seed, 'load'));
    if (battery) {
      const random = new Random(deriveSeed(seed, 'battery.initial'));
      const floor = floorSocPct(battery);
      const drawn = floor + (battery.maxSocPct - floor) * random.uniform(0.3, 0.8);
      // a plant that ran before carries on from the charge it had, within the battery's limits
      const soc =
        initialSocPct === undefined || !Number.isFinite(initialSocPct)
          ? drawn
          : Math.min(battery.maxSocPct, Math.max(floor, initialSocPct));
      this.battery = new Battery(battery, soc);
    } else {
      this.battery = null;
    }
    this.wallbox = wallbox
      ? new Wallbox(wallbox.maxPowerW, wallbox.maxPowerW, load.profile, deriveSeed(seed, 'wallbox'))
      : null;
    this.generator = generator
      ? new Generator(generator.ratedW, new Random(deriveSeed(seed, 'generator.fuel')).uniform(55, 95))
      : null;
    this.outages = new GridOutages(deriveSeed(seed, 'grid.outages'), this.config.gridOutages);
    this.counters = {
      pvKwh: 0,
      loadKwh: 0,
      chargeKwh: 0,
      dischargeKwh: 0,
      importKwh: 0,
      exportKwh: 0,
      evKwh: 0,
      generatorKwh: 0,
      ...initialCounters,
    };
    this.nowMs = startMs;
    // The state at the start: the powers of a nominal step, nothing integrated yet.
    this.step(startMs, maximumStepMs, false);
    this.state = this.snapshot();
  }

  advance(ms: number): PlantState {
    // Simulated time only moves forward; asking for the past leaves the plant where it is.
    if (!(ms > this.nowMs)) return this.state;
    while (this.nowMs < ms) {
      const stepMs = Math.min(maximumStepMs, ms - this.nowMs);
      this.nowMs += stepMs;
      this.step(this.nowMs, stepMs, true);
    }
    this.state = this.snapshot();
    return this.state;
  }

  current(): PlantState {
    return this.state;
  }

  apply(settings: Record<string, number | string | boolean>): string[] {
    const refused = applySettings(this.config, this.hardware, settings);
    if (this.wallbox && this.config.wallbox) this.wallbox.maxPowerW = this.config.wallbox.maxPowerW;
    return refused;
  }

  control(change: PlantControl): void {
    applyControl(this.config, this.hardware, change);
  }

  applyStrategy(program: StrategyProgram): void {
    applyStrategy(this.config, program);
  }

  outage(fromMs: number, toMs: number): void {
    this.outages.force(fromMs, toMs);
  }

  chargingPlan: Plant['chargingPlan'] = (plan) =>
    this.wallbox ? this.wallbox.chargingPlan(plan) : noWallbox;

  charge: Plant['charge'] = (params) => (this.wallbox ? this.wallbox.charge(params) : noWallbox);

  bringCar: Plant['bringCar'] = (car) => this.wallbox?.bringCar(car);

  /** Computes the powers at `ms` for a step of `stepMs` that ends there, and integrates them when asked. */
  private step(ms: number, stepMs: number, integrate: boolean): void {
    const config = this.config;
    localTime(config.timeZone, ms, this.local);
    this.weather.at(ms, this.sky);

    // the grid and the transfer switch: out, the site islands if it may, else it goes dark
    const gridUp = config.gridConnected && !this.outages.downAt(ms);
    let transfer: TransferState = 'grid';
    if (config.gridConnected) {
      const sts = config.sts ?? defaultSts;
      const formsGrid =
        (this.battery !== null && config.pcsEnabled !== false) ||
        (this.generator !== null && config.generator?.autoStart !== false);
      const mayIsland = sts.islandEnabled && sts.transferMode === 'auto' && formsGrid;
      transfer = this.transfer.step(ms, gridUp, mayIsland, sts.reconnectDelayS * 1000);
    }
    const dark = transfer === 'dark';
    const islanded = !config.gridConnected || this.transfer.islanded;

    let pvW = 0;
    let pvAvailableW = 0;
    if (this.sun && config.pv) {
      this.sun.at(ms, this.clear);
      irradianceOnPlane(this.clear, this.sky.cloudCover, this.cosTilt, this.plane);
      this.cellC = cellTemperatureC(this.sky.ambientC, this.plane.planeOfArrayWm2);
      pvAvailableW = inverterAcPowerW(
        arrayDcPowerW(config.pv.capacityKwp, this.plane.planeOfArrayWm2, this.cellC),
        config.pv.inverterRatedW,
      );
      pvW = pvAvailableW;
      // the active power limit: the inverters hold their output at a share of their rating
      if (config.activePowerPct !== undefined && config.activePowerPct < 100)
        pvW = Math.min(pvW, (config.pv.inverterRatedW * config.activePowerPct) / 100);
      // switched off, or a dark site (no grid to follow): nothing
      if (config.pvEnabled === false || dark) pvW = 0;
    } else {
      this.cellC = this.sky.ambientC;
    }
    let loadW = this.load.powerW(ms, this.local);
    // the car sees the surplus before the battery does: what would otherwise be exported
    let evW = this.wallbox ? this.wallbox.demandW(ms, this.local, stepMs, pvW - loadW) : 0;
    if (dark) {
      loadW = 0;
      evW = 0;
    }
    let surplusW = pvW - loadW - evW;

    const battery = this.battery;
    const batteryConfig = config.battery;
    // Off the grid the battery is all there is, down to its minimum; on it, the strategy, the slot or
    // the mode sets the step's window.
    const window =
      battery && batteryConfig && !islanded ? batteryWindow(batteryConfig, battery.socPct, this.local) : null;
    const floor = batteryConfig ? (window ? window.floorSocPct : batteryConfig.minSocPct) : 0;
    const ceiling = batteryConfig ? (window ? window.ceilingSocPct : batteryConfig.maxSocPct) : 100;
    // a converter switched off (or a dark site) moves nothing
    const converterOn = config.pcsEnabled !== false && !dark;
    const chargeLimitW = battery && converterOn ? battery.chargeLimitW(stepMs, ceiling) : 0;
    const dischargeLimitW = battery && converterOn ? battery.dischargeLimitW(stepMs, floor) : 0;

    const generator = this.generator;
    const generatorConfig = config.generator;
    const support = !islanded && batteryConfig?.strategy?.mode === 'generator_support';
    const autoStart = generatorConfig?.autoStart !== false;
    const warmupS = generatorConfig?.warmupS;
    const cooldownS = generatorConfig?.cooldownS;
    let generatorW = 0;
    if (generator && generatorConfig && !support) {
      // On its own grid the generator starts when the battery runs low (without a battery: on a
      // deficit) and stops once it is refilled; on the grid it rests (generator support aside).
      let asked = false;
      if (islanded && !dark) {
        asked =
          generator.wanted(
            battery ? battery.socPct : null,
            batteryConfig?.minSocPct ?? 0,
            batteryConfig?.maxSocPct ?? 100,
            -surplusW,
            generatorConfig.startSocPct,
            generatorConfig.stopSocPct,
          ) && autoStart;
      } else {
        generator.resetHysteresis();
      }
      generator.step(ms, asked, warmupS, cooldownS);
      generatorW = Math.min(
        generator.availableW(generatorConfig.maxPowerPct),
        Math.max(0, -surplusW) + chargeLimitW,
      );
      surplusW += generatorW;
    }

    let batteryW = 0;
    let batteryHeld = false;
    if (battery && batteryConfig) {
      const siteDeficitW = Math.max(0, loadW - pvW - generatorW);
      const targetW = window
        ? batteryTargetW(batteryConfig, { pvW, surplusW, siteDeficitW }, battery.socPct, this.local, window)
        : surplusW;
      batteryW = Math.max(-dischargeLimitW, Math.min(chargeLimitW, targetW));
      // held by its converter's limit: asked for more than a limit set below the hardware's
      batteryHeld =
        converterOn &&
        ((targetW > batteryConfig.maxChargeW + 1 &&
          batteryConfig.maxChargeW < this.hardware.maxChargeW &&
          batteryW >= batteryConfig.maxChargeW - 1) ||
          (targetW < -batteryConfig.maxDischargeW - 1 &&
            batteryConfig.maxDischargeW < this.hardware.maxDischargeW &&
            batteryW <= -batteryConfig.maxDischargeW + 1));
    }

    if (generator && generatorConfig && support) {
      // Generator support on the grid: it covers the import above max_grid_w, and from the battery's
      // floor it refills the battery up to its stop SOC.
      const program = batteryConfig!.strategy!;
      if (battery) {
        const stopSocPct = Math.min(ceiling - 1, generatorConfig.stopSocPct ?? 80);
        if (battery.socPct <= floor + 0.5) this.supportLow = true;
        else if (battery.socPct >= stopSocPct) this.supportLow = false;
      } else this.supportLow = false;
      const excessW = Math.max(0, -(surplusW - batteryW) - (program.maxGridW ?? Number.POSITIVE_INFINITY));
      generator.step(ms, autoStart && (excessW > 0 || this.supportLow), warmupS, cooldownS);
      const chargeRoomW = this.supportLow ? Math.max(0, chargeLimitW - Math.max(0, batteryW)) : 0;
      generatorW = Math.min(generator.availableW(generatorConfig.maxPowerPct), excessW + chargeRoomW);
      batteryW += Math.max(0, generatorW - excessW);
      surplusW += generatorW;
    } else {
      this.supportLow = false;
    }

    let remainderW = surplusW - batteryW;
    const exportLimitW = config.exportLimitW;
    if (!islanded && exportLimitW !== undefined && remainderW > exportLimitW) {
      let excessW = remainderW - exportLimitW;
      // a discharging battery gives less first
      if (batteryW < 0) {
        const cutW = Math.min(-batteryW, excessW);
        batteryW += cutW;
        excessW -= cutW;
      }
      // then it takes what it can, unless a discharge slot runs
      if (excessW > 0 && battery && !window?.dischargeSlot) {
        const moreW = Math.max(0, Math.min(chargeLimitW - batteryW, excessW));
        batteryW += moreW;
        excessW -= moreW;
      }
      // then the generator is throttled, then the PV curtailed
      const generatorCutW = Math.min(generatorW, excessW);
      generatorW -= generatorCutW;
      pvW -= Math.min(pvW, excessW - generatorCutW);
      surplusW = pvW + generatorW - loadW - evW;
      remainderW = surplusW - batteryW;
    }
    let gridW = 0;
    if (!islanded) {
      gridW = -remainderW;
    } else if (remainderW > 0) {
      // Nowhere to put it: throttle the generator first, then the PV.
      const generatorCutW = Math.min(generatorW, remainderW);
      generatorW -= generatorCutW;
      pvW -= remainderW - generatorCutW;
    } else if (remainderW < 0) {
      // Not enough to serve everyone: the car waits first, then the load is shed.
      const evCutW = Math.min(evW, -remainderW);
      evW -= evCutW;
      loadW -= -remainderW - evCutW;
    }

    // `+ 0` turns a −0 (a negated zero) into 0, so nothing reports "−0 W".
    const powers = this.powers;
    powers.pvW = pvW + 0;
    powers.loadW = loadW + 0;
    powers.evW = evW + 0;
    powers.batteryW = batteryW + 0;
    powers.gridW = gridW + 0;
    powers.generatorW = generatorW + 0;
    powers.pvAvailableW = config.pvEnabled === false ? 0 : pvAvailableW;
    powers.batteryHeld = batteryHeld;
    powers.gridUp = gridUp;
    powers.transfer = transfer;
    if (this.wallbox) this.wallbox.took(evW, stepMs, integrate);
    if (!integrate) return;

    if (generator) generator.run(generatorW, stepMs);
    if (config.gridConnected) this.demand.record(ms, stepMs, gridW);

    if (battery) battery.run(batteryW, stepMs, floor, ceiling);
    const toKwh = stepMs / hourMs / 1000;
    const counters = this.counters;
    counters.pvKwh += pvW * toKwh;
    counters.loadKwh += loadW * toKwh;
    counters.evKwh += evW * toKwh;
    counters.generatorKwh += generatorW * toKwh;
    if (batteryW > 0) counters.chargeKwh += batteryW * toKwh;
    else counters.dischargeKwh -= batteryW * toKwh;
    if (gridW > 0) counters.importKwh += gridW * toKwh;
    else counters.exportKwh -= gridW * toKwh;
  }

  private snapshot(): PlantState {
    const powers = this.powers;
    const battery = this.battery;
    return {
      ms: this.nowMs,
      pvW: powers.pvW,
      loadW: powers.loadW,
      batteryW: powers.batteryW,
      gridW: powers.gridW,
      evW: powers.evW,
      generatorW: powers.generatorW,
      socPct: battery ? battery.socPct : 0,
      sohPct:
        battery && this.config.battery
          ? stateOfHealthPct(this.counters.dischargeKwh, this.config.battery.capacityKwh)
          : 100,
      grid: { available: powers.gridUp, transfer: powers.transfer, transfers: this.transfer.transfers },
      generator: {
        state: this.generator?.state ?? 'stopped',
        runHours: this.generator?.runHours ?? 0,
        fuelPct: this.generator?.fuelPct ?? 0,
      },
      pvAvailableW: powers.pvAvailableW,
      batteryHeld: powers.batteryHeld,
      demandW: this.demand.demandW(this.nowMs, this.config.demandWindowMin ?? 15),
      pile: this.wallbox?.report() ?? noPile,
      weather: {
        poaIrradianceWm2: this.sun ? this.plane.planeOfArrayWm2 : 0,
        cloudCover: this.sky.cloudCover,
        ambientC: this.sky.ambientC,
        cellC: this.cellC,
      },
      counters: { ...this.counters },
    };
  }
}

/**
 * A plant for `config`, its randomness drawn from `seed` (same seed, same data), starting at
 * `startMs` with its energy counters at `initialCounters` (zero when absent) and its battery at
 * `initialSocPct` (drawn from the seed when absent).
 */
export function createPlant(
  config: PlantConfig,
  seed: number,
  startMs: number,
  initialCounters: Partial<EnergyCounters> = {},
  initialSocPct?: number,
): Plant {
  return new SimulatedPlant(config, seed, startMs, initialCounters, initialSocPct);
}
