import type { PileState } from '@helio/contracts';
import { deriveSeed, Random } from '../random.ts';
import type { LocalTime } from './local-time.ts';

/**
 * A wallbox and the cars that come to it.
 *
 * Sessions are drawn per local day from a seeded stream: households plug in on 55 % of weekdays
 * around 18:00 (σ 1.3 h) and leave at about 07:00, on 35 % of weekend days at any hour from 10 to
 * 20 for 2–12 h; commercial sites see cars from 07:30 to 18:00 on weekdays (fewer on weekends),
 * one after another, staying 1–8 h. Energy asked is lognormal (median 12 kWh, σ 0.5) within 5–40
 * kWh; the car's own limit is 3.7, 7.4 or 11 kW. Charging tapers over the last 15 % (≤ 3 kWh).
 *
 * States: idle → plugged (handshake, 1–4 min) → charging → plugged (full, until the car leaves) →
 * idle. 3 % of sessions show not_ready for 2–15 min instead of the handshake; 1.5 % fault for
 * 5–60 min while charging and then resume; on 1 % of days the idle box is not_ready for 10–60 min.
 */

interface Session {
  arrivalMs: number;
  departureMs: number;
  /** End of the handshake (plugged or not_ready) before charging starts. */
  readyMs: number;
  notReady: boolean;
  wantedWh: number;
  carMaxW: number;
  faultFromMs: number;
  faultToMs: number;
}

const hourMs = 3_600_000;
const carLimitsW = [3700, 7400, 11_000, 11_000, 11_000] as const;

export class Wallbox {
  private readonly stream: number;
  private day = Number.NaN;
  private upcoming: Session[] = [];
  private idleNotReady: { fromMs: number; toMs: number } | null = null;
  private session: Session | null = null;
  private deliveredWh = 0;
  state: PileState = 'idle';

  constructor(
    /** The power limit the box is set to, W (a setting can lower it below its rating). */
    public maxPowerW: number,
    private readonly profile: 'household' | 'commercial',
    seed: number,
  ) {
    this.stream = deriveSeed(seed, 'wallbox');
  }

  /** Energy of the current or last session, kWh. */
  get sessionKwh(): number {
    return this.deliveredWh / 1000;
  }

  private drawDay(local: LocalTime, ms: number): void {
    const random = new Random(deriveSeed(this.stream, `day:${local.day}`));
    const midnightMs = ms - local.hour * hourMs;
    const weekend = local.weekday === 0 || local.weekday === 6;
    const sessions: Session[] = [];
    const add = (arrivalHour: number, stayHours: number) => {
      const arrivalMs = midnightMs + arrivalHour * hourMs;
      const notReady = random.chance(0.03);
      const readyMs = arrivalMs + (notReady ? random.uniform(2, 15) : random.uniform(1, 4)) * 60_000;
      const wantedWh = Math.min(40_000, Math.max(5000, Math.exp(Math.log(12_000) + 0.5 * random.normal())));
      const carMaxW = random.pick(carLimitsW);
      const faults = random.chance(0.015);
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
        carMaxW,
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

  /** Moves the sessions to `ms` and answers the power the car wants over the next `stepMs`, W. */
  demandW(ms: number, local: LocalTime, stepMs: number): number {
    if (local.day !== this.day) {
      this.drawDay(local, ms);
      this.day = local.day;
    }
    if (this.session && ms >= this.session.departureMs) this.session = null;
    if (!this.session) {
      // A car that arrived while another was plugged went elsewhere.
      while (this.upcoming.length > 0 && this.upcoming[0]!.departureMs <= ms) this.upcoming.shift();
      const next = this.upcoming[0];
      if (next && next.arrivalMs <= ms) {
        this.upcoming.shift();
        this.session = next;
        this.deliveredWh = 0;
      }
    }
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
    if (remainingWh < 1 || this.maxPowerW <= 0) {
      this.state = 'plugged';
      return 0;
    }
    const taperWh = Math.min(3000, 0.15 * session.wantedWh);
    const taper = remainingWh < taperWh ? Math.max(0.25, remainingWh / taperWh) : 1;
    const powerW = Math.min(this.maxPowerW, session.carMaxW) * taper;
    this.state = 'charging';
    return Math.min(powerW, remainingWh / (stepMs / hourMs));
  }

  /** Records what the car actually got over the step (less than asked when an off-grid site curtails). */
  deliver(powerW: number, stepMs: number): void {
    this.deliveredWh += powerW * (stepMs / hourMs);
  }
}
