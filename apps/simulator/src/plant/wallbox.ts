import type { PileState, SessionStart } from '@helio/contracts';
import type { ChargeParams, ChargingPlanParams } from '@helio/contracts/device-link';
import { deriveSeed, Random } from '../random.ts';
import { type CarLimits, ChargingControl, type ChargingOffer } from './charging.ts';
import type { LocalTime } from './local-time.ts';
import type { BroughtCar, ChargingRefusal, PileReport } from './model.ts';

/**
 * A wallbox and the cars that come to it.
 *
 * Sessions are drawn per local day from a seeded stream: households plug in on 55 % of weekdays
 * around 18:00 (σ 1.3 h) and leave at about 07:00, on 35 % of weekend days at any hour from 10 to
 * 20 for 2–12 h; commercial sites see cars from 07:30 to 18:00 on weekdays (fewer on weekends),
 * one after another, staying 1–8 h. Energy asked is lognormal (median 12 kWh, σ 0.5) within 5–40
 * kWh; the car's own limit is 3.7 or 7.4 kW on one phase, or 11 kW on three. Charging tapers over
 * the last 15 % (≤ 3 kWh).
 *
 * The cars themselves come from a stream of their own (so the sessions stay what they were): a
 * usable capacity of 40, 58, 77 or 100 kWh, a SOC on arrival of 10–70 % that rises with the energy
 * delivered, and the energy asked never more than the car can take to 100 %; 70 % of cars tell
 * their SOC (ISO 15118). A household's car is started by its RFID card in 15 % of sessions, a
 * commercial site's in half of them; the others start by the plan when the box has one, else
 * plug-and-charge. A session's number is its plug-in minute since 1970: it counts up at each
 * plug-in, and a simulator started again numbers the same session the same way.
 *
 * States: idle → plugged (handshake, 1–4 min) → charging → plugged (full, waiting for surplus or a
 * window, held by a remote stop) → idle; `charging` only while power flows. 3 % of sessions show
 * not_ready for 2–15 min instead of the handshake; 1.5 % fault for 5–60 min while charging and then
 * resume; on 1 % of days the idle box is not_ready for 10–60 min. What the box offers the car is
 * its charging control's (charging.ts).
 */

interface Session {
  arrivalMs: number;
  departureMs: number;
  /** End of the handshake (plugged or not_ready) before charging starts. */
  readyMs: number;
  notReady: boolean;
  wantedWh: number;
  car: CarLimits;
  capacityWh: number;
  arrivalSocPct: number;
  tellsSoc: boolean;
  card: boolean;
  start: SessionStart;
  faultFromMs: number;
  faultToMs: number;
  /** Brought on purpose (bringCar), not drawn. */
  brought?: boolean;
}

const hourMs = 3_600_000;

/** A site without a wallbox: nothing plugged, no commands. */
export const noPile: PileReport = {
  state: 'idle',
  sessionKwh: 0,
  sessionNo: null,
  sessionStart: null,
  phases: 1,
  currentLimitA: 0,
  planMode: null,
  remoteHold: false,
  carSocPct: null,
  targetKwh: null,
};
export const noWallbox: ChargingRefusal = { error: 'unsupported', message: 'no wallbox on this site' };
const carLimitsW = [3700, 7400, 11_000, 11_000, 11_000] as const;
const carCapacitiesWh = [40_000, 58_000, 77_000, 100_000] as const;
/** Cars with a one-phase on-board charger take at most this, W. */
const onePhaseCarMaxW = 7400;

export class Wallbox {
  private readonly stream: number;
  private day = Number.NaN;
  private upcoming: Session[] = [];
  /** Cars brought on purpose, by arrival. */
  private readonly brought: Session[] = [];
  private idleNotReady: { fromMs: number; toMs: number } | null = null;
  private session: Session | null = null;
  private deliveredWh = 0;
  private sessionNo: number | null = null;
  private readonly control: ChargingControl;
  private offered: ChargingOffer = { powerW: 0, phases: 1, currentA: 0 };
  /** The end of the last step, ms. */
  private nowMs = Number.NaN;
  state: PileState = 'idle';

  constructor(
    /** The power limit the box is set to, W (a setting can lower it below its rating). */
    public maxPowerW: number,
    /** What the box is built for, W. */
    ratingW: number,
    private readonly profile: 'household' | 'commercial',
    seed: number,
  ) {
    this.stream = deriveSeed(seed, 'wallbox');
    this.control = new ChargingControl(ratingW);
  }

  /** A car that comes at a known time (see Plant.bringCar); it tells its SOC, and wants to be full. */
  bringCar(car: BroughtCar): void {
    const capacityWh = car.capacityKwh * 1000;
    this.brought.push({
      arrivalMs: car.arrivalMs,
      departureMs: car.departureMs,
      readyMs: car.arrivalMs + 60_000,
      notReady: false,
      wantedWh: ((100 - car.socPct) / 100) * capacityWh,
      car: { phases: car.maxW > onePhaseCarMaxW ? 3 : 1, maxW: car.maxW },
      capacityWh,
      arrivalSocPct: car.socPct,
      tellsSoc: true,
      card: false,
      start: 'plug_and_charge',
      faultFromMs: Number.NaN,
      faultToMs: Number.NaN,
      brought: true,
    });
    this.brought.sort((a, b) => a.arrivalMs - b.arrivalMs);
  }

  /** Energy of the current or last session, kWh. */
  get sessionKwh(): number {
    return this.deliveredWh / 1000;
  }

  /** A `charging_plan` command: kept in place of the last, or why it cannot be followed (nothing changed). */
  chargingPlan(plan: ChargingPlanParams): ChargingRefusal | null {
    const issues = this.control.setPlan(plan);
    if (issues.length === 0) return null;
    const named = issues.map((issue) => `${issue.field} (${issue.message})`).join(', ');
    return { error: 'refused', message: `charging plan refused: ${named}` };
  }

  /** A `charge` command for the session under way: done, or why not (nothing changed). */
  charge(params: ChargeParams): ChargingRefusal | null {
    const session = this.session;
    const { refused, started } = this.control.command(params, session !== null, this.deliveredWh);
    if (refused !== undefined) return { error: 'refused', message: `charge refused: ${refused}` };
    if (session && started) session.start = 'remote';
    return null;
  }

  /** What the box tells of its session (the reading's fields). */
  report(): PileReport {
    const session = this.session;
    const plugged = session !== null;
    const targetWh = this.control.targetWhAt(this.nowMs);
    return {
      state: this.state,
      sessionKwh: this.sessionKwh,
      sessionNo: this.sessionNo,
      sessionStart: session?.start ?? null,
      phases:
        this.offered.powerW > 0
          ? this.offered.phases
          : this.control.phasesFor(session?.car ?? { phases: 3, maxW: 0 }),
      currentLimitA: this.offered.currentA,
      planMode: this.control.planMode,
      remoteHold: plugged && this.control.hold,
      carSocPct:
        session?.tellsSoc === true
          ? Math.min(100, session.arrivalSocPct + (100 * this.deliveredWh) / session.capacityWh)
          : null,
      targetKwh: plugged && targetWh !== null ? targetWh / 1000 : null,
    };
  }

  private drawDay(local: LocalTime, ms: number): void {
    const random = new Random(deriveSeed(this.stream, `day:${local.day}`));
    const midnightMs = ms - local.hour * hourMs;
    const weekend = local.weekday === 0 || local.weekday === 6;
    const sessions: Session[] = [];
    const cars = new Random(deriveSeed(this.stream, `cars:${local.day}`));
    const add = (arrivalHour: number, stayHours: number) => {
      const arrivalMs = midnightMs + arrivalHour * hourMs;
      const notReady = random.chance(0.03);
      const readyMs = arrivalMs + (notReady ? random.uniform(2, 15) : random.uniform(1, 4)) * 60_000;
      const askedWh = Math.min(40_000, Math.max(5000, Math.exp(Math.log(12_000) + 0.5 * random.normal())));
      const carMaxW = random.pick(carLimitsW);
      const faults = random.chance(0.015);
      const capacityWh = cars.pick(carCapacitiesWh);
      const arrivalSocPct = cars.uniform(10, 70);
      const tellsSoc = cars.chance(0.7);
      const card = cars.chance(this.profile === 'household' ? 0.15 : 0.5);
      // never more than the car can take to 100 %
      const wantedWh = Math.min(askedWh, ((100 - arrivalSocPct) / 100) * capacityWh);
      // A fault falls somewhere in the expected charging time.
      const chargingHours = wantedWh / Math.min(carMaxW, Math.max(this.maxPowerW, 1000));
      const faultFromMs = readyMs + random.uniform(0.05, 0.8) * chargingHours * hourMs;
      const faultToMs = faultFromMs + random.uniform(5, 60) * 60_000;
      sessions.push({
        arrivalMs,
        departureMs: arrivalMs + stayHours * hourMs,
        readyMs,
        notReady,
        wantedWh,
        car: { phases: carMaxW > onePhaseCarMaxW ? 3 : 1, maxW: carMaxW },
        capacityWh,
        arrivalSocPct,
        tellsSoc,
        card,
        start: 'plug_and_charge',
        faultFromMs: faults ? faultFromMs : Number.NaN,
        faultToMs: faults ? faultToMs : Number.NaN,
      });
    };
    if (this.profile === 'household') {
      if (weekend ? random.chance(0.35) : random.chance(0.55)) {
        if (weekend) {
          add(random.uniform(10, 20), random.uniform(2, 12));
        } else {
          const arrival = Math.min(23, Math.max(15.5, random.normal(18.2, 1.3)));
          add(arrival, 24 + random.normal(7, 0.5) - arrival);
        }
      }
    } else {
      let hour = (weekend ? 9 : 7.5) + random.uniform(0, 1);
      const closing = weekend ? 17 : 18;
      const meanGapHours = weekend ? 3 : 0.75;
      while (hour < closing) {
        const stay = Math.exp(random.uniform(0, Math.log(8)));
        add(hour, stay);
        hour += stay - Math.log(1 - random.next()) * meanGapHours;
      }
    }
    this.upcoming = sessions;
    this.idleNotReady = random.chance(0.01)
      ? (() => {
          const fromMs = midnightMs + random.uniform(0, 24) * hourMs;
          return { fromMs, toMs: fromMs + random.uniform(10, 60) * 60_000 };
        })()
      : null;
  }

  /**
   * Moves the sessions to `ms` and answers the power the car takes over the next `stepMs`, W, with
   * `surplusW` (PV minus the site's load) for a plan that follows it.
   */
  demandW(ms: number, local: LocalTime, stepMs: number, surplusW: number): number {
    this.nowMs = ms;
    if (local.day !== this.day) {
      this.drawDay(local, ms);
      this.day = local.day;
    }
    if (this.session && ms >= this.session.departureMs) this.session = null;
    // a brought car takes the box from a drawn one plugged before it was brought
    if (this.session && !this.session.brought && (this.brought[0]?.arrivalMs ?? Infinity) <= ms)
      this.session = null;
    if (!this.session) {
      // A car that arrived while another was plugged went elsewhere.
      while (this.upcoming.length > 0 && this.upcoming[0]!.departureMs <= ms) this.upcoming.shift();
      while (this.brought.length > 0 && this.brought[0]!.departureMs <= ms) this.brought.shift();
      // While a brought car is due, the box is kept for it: drawn cars go elsewhere.
      const queue = this.brought.length > 0 ? this.brought : this.upcoming;
      const next = queue[0];
      if (next && next.arrivalMs <= ms) {
        queue.shift();
        this.session = next;
        this.deliveredWh = 0;
        this.sessionNo = Math.floor(next.arrivalMs / 60_000);
        next.start = next.card ? 'card' : this.control.hasPlan ? 'plan' : 'plug_and_charge';
        this.control.newSession();
      }
    }
    this.offered = { powerW: 0, phases: this.offered.phases, currentA: 0 };
    const session = this.session;
    if (!session) {
      const notReady = this.idleNotReady && ms >= this.idleNotReady.fromMs && ms < this.idleNotReady.toMs;
      this.state = notReady ? 'not_ready' : 'idle';
      return 0;
    }
    if (ms < session.readyMs) {
      this.state = session.notReady ? 'not_ready' : 'plugged';
      return 0;
    }
    if (ms >= session.faultFromMs && ms < session.faultToMs) {
      this.state = 'fault';
      return 0;
    }
    const remainingWh = session.wantedWh - this.deliveredWh;
    // Within a watt-hour counts as full: the last step ends on the exact energy anyway.
    this.state = 'plugged';
    if (remainingWh < 1 || this.maxPowerW <= 0) return 0;
    const offer = this.control.offer({
      fromMs: ms - stepMs,
      surplusW,
      deliveredWh: this.deliveredWh,
      car: session.car,
      maxPowerW: this.maxPowerW,
    });
    this.offered = offer;
    if (offer.powerW <= 0) return 0;
    const taperWh = Math.min(3000, 0.15 * session.wantedWh);
    const taper = remainingWh < taperWh ? Math.max(0.25, remainingWh / taperWh) : 1;
    const powerW = Math.min(offer.powerW, session.car.maxW * taper, remainingWh / (stepMs / hourMs));
    this.state = 'charging';
    return powerW;
  }

  /**
   * What the car actually got over the step (less than asked when an off-grid site curtails or a
   * dark site serves nothing): counted when `integrate`, and no power is not `charging`.
   */
  took(powerW: number, stepMs: number, integrate: boolean): void {
    if (this.state === 'charging' && !(powerW > 0)) this.state = 'plugged';
    if (integrate) this.deliveredWh += powerW * (stepMs / hourMs);
  }
}
