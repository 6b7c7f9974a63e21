import { chargingLimits, feasiblePower, type PowerLimits } from '@helio/contracts';
import type { ChargeParams, ChargingPlanParams } from '@helio/contracts/device-link';

/**
 * How a wallbox decides what it offers the plugged car, step by step: the charging plan the portal
 * sent (`charging_plan`, contracts device-link/messages.ts) and the remote commands (`charge`).
 *
 * Without any plan the box does what it always did: it charges on plug-in at its power setting (the
 * car's own limit and a remote current limit aside), plug-and-charge. With a plan:
 * - `fast` offers the plan's maximum;
 * - `pv` follows the PV surplus: the power that would otherwise be exported, PV minus the site's
 *   load. The car comes before the battery: the surplus is the car's first, the battery charges from
 *   what is left. Below the minimum current on the phases in use it does not charge; it starts once
 *   the surplus has reached that minimum for `START_DELAY_MS` and stops once it has been short of it
 *   for `STOP_DELAY_MS` (charging at the minimum meanwhile, so a passing cloud does not stop and start
 *   the car). With `auto` phases it charges on one phase while the surplus is below the three-phase
 *   minimum and on three above it, switching only after `PHASE_DELAY_MS` on the other side;
 * - `min_pv` offers at least the minimum current always, more with surplus (phases as for `pv`);
 * - `off_peak` and `scheduled` charge only inside the windows they were sent.
 * In every mode, inside a window it draws at least the window's power (the portal's grid top-ups,
 * the valley, the planned slots), until the session has the plan's `target_wh`; past it the windows
 * no longer apply and the mode alone decides.
 *
 * Every offer is 0 or within the minimum and maximum current × phases × 230 V, never above the box's
 * power setting or the car's own limit (a car with a one-phase charger draws on one phase whatever
 * the box offers). A remote `start` charges at the maximum until the car leaves, a `stop` holds the
 * session (plugged, not charging) until a start or the next plug-in, a `current` caps the current per
 * phase of the session under way (its minimum with it, when set below the plan's).
 */

const VOLTS = chargingLimits.phaseVoltageV;
/** Surplus that reaches the minimum must hold this long before a PV session starts. */
export const START_DELAY_MS = 3 * 60_000;
/** Surplus short of the minimum this long stops a PV session. */
export const STOP_DELAY_MS = 5 * 60_000;
/** The surplus on the other side of the three-phase minimum this long switches the phases. */
export const PHASE_DELAY_MS = 3 * 60_000;
/** Longer than this between two steps it followed the surplus, its timers start again. */
const FOLLOW_GAP_MS = 2 * 60_000;
/** Above this rating a box is wired on three phases. */
const SINGLE_PHASE_MAX_W = 7400;

export type Phases = 1 | 3;

/** What a car's on-board charger takes: on how many phases, and at most how much. */
export interface CarLimits {
  phases: Phases;
  maxW: number;
}

/** One step's view of the site for the box: when it starts, the surplus, the session so far. */
export interface ChargingStep {
  fromMs: number;
  /** PV minus the site's load, W; negative when the site draws. */
  surplusW: number;
  /** Energy the session has had, Wh. */
  deliveredWh: number;
  car: CarLimits;
  /** The box's power setting (`wallbox_max_w`), W. */
  maxPowerW: number;
}

/** What the box offers the car: a power, the phases it is on and the current per phase. */
export interface ChargingOffer {
  powerW: number;
  phases: Phases;
  currentA: number;
}

/** Why a command was refused, in the field → validation key form of the device's replies. */
export interface ChargingIssue {
  field: string;
  message: string;
}

interface PhaseRange {
  phases: Phases;
  minW: number;
  maxW: number;
}

function inside(range: PhaseRange, powerW: number): boolean {
  return powerW >= range.minW - 1e-6 && powerW <= range.maxW + 1e-6;
}

export class ChargingControl {
  private plan: ChargingPlanParams | null = null;
  /** The next window that may still apply (windows are in time order, the steps move forward). */
  private windowIndex = 0;
  /** A remote stop holds the session. */
  hold = false;
  /** A remote start charges at the maximum until the car leaves. */
  private forced = false;
  /** A remote current limit per phase for the session, A. */
  private limitA: number | null = null;
  /** PV following: charging or not, the phases in use, and since when each is contested. */
  private pvOn = false;
  private pvPhases: Phases = 1;
  private pvSinceMs = Number.NaN;
  private phaseSinceMs = Number.NaN;
  /** Start of the last step it followed the surplus: a gap (full car, fault) restarts the timers. */
  private followedMs = Number.NaN;

  /** `ratingW`: what the box is built for (its power setting may be lower). */
  constructor(private readonly ratingW: number) {}

  /** Phases the box is wired on. */
  get boxPhases(): Phases {
    return this.ratingW > SINGLE_PHASE_MAX_W ? 3 : 1;
  }

  get planMode(): ChargingPlanParams['mode'] | null {
    return this.plan?.mode ?? null;
  }

  get hasPlan(): boolean {
    return this.plan !== null;
  }

  /** Energy the plan targets for the session by its departure, Wh; null without one or once it is past. */
  targetWhAt(ms: number): number | null {
    const plan = this.plan;
    if (!plan || plan.target_wh === null) return null;
    return plan.departure_at === null || ms < plan.departure_at ? plan.target_wh : null;
  }

  /**
   * Keeps a plan in place of the last, or answers why it cannot follow it (then nothing changes):
   * a minimum above the maximum, a minimum its rating cannot reach on any of the plan's phases,
   * three phases on a one-phase box, windows that end before they start or out of time order.
   */
  setPlan(plan: ChargingPlanParams): ChargingIssue[] {
    const issues: ChargingIssue[] = [];
    if (plan.min_current_a > plan.max_current_a)
      issues.push({ field: 'min_current_a', message: 'validation.chargingCurrentOrder' });
    if (plan.phases === '3p' && this.boxPhases === 1)
      issues.push({ field: 'phases', message: 'validation.invalidValue' });
    if (!phaseCounts(plan).some((count) => plan.min_current_a * count * VOLTS <= this.ratingW))
      issues.push({ field: 'min_current_a', message: 'validation.aboveRating' });
    const ordered = plan.windows.every(
      (window, index) =>
        window.end > window.start && (index === 0 || window.start >= plan.windows[index - 1]!.end),
    );
    if (!ordered) issues.push({ field: 'windows', message: 'validation.invalidValue' });
    if (issues.length > 0) return issues;
    this.plan = plan;
    this.windowIndex = 0;
    return [];
  }

  /**
   * A remote command for the session under way (`plugged`: a car is there). Answers the refusal's
   * words, or null; `started` is true when a start came before the session had any energy.
   */
  command(
    params: ChargeParams,
    plugged: boolean,
    deliveredWh: number,
  ): { refused?: string; started: boolean } {
    if (!plugged) {
      const what = params.action === 'current' ? 'limit' : params.action;
      return { refused: `no car is plugged in: no session to ${what}`, started: false };
    }
    if (params.action === 'current' && params.current_a === undefined)
      return { refused: 'current: current_a is missing', started: false };
    if (params.current_a !== undefined) this.limitA = params.current_a;
    if (params.action === 'stop') {
      this.hold = true;
      this.forced = false;
    } else if (params.action === 'start') {
      this.hold = false;
      this.forced = true;
    }
    return { started: params.action === 'start' && deliveredWh === 0 };
  }

  /** A car plugged in: the last session's remote state and PV timers end with it. */
  newSession(): void {
    this.hold = false;
    this.forced = false;
    this.limitA = null;
    this.pvOn = false;
    this.pvSinceMs = Number.NaN;
    this.phaseSinceMs = Number.NaN;
    this.followedMs = Number.NaN;
  }

  /** The phases the box would charge this car on now, while it offers nothing. */
  phasesFor(car: CarLimits): Phases {
    const wanted = this.plan?.phases === '1p' ? 1 : this.plan?.phases === 'auto' ? this.pvPhases : 3;
    return Math.min(wanted, this.boxPhases, car.phases) as Phases;
  }

  /** What the box offers the car over a step. */
  offer(step: ChargingStep): ChargingOffer {
    const plan = this.plan;
    if (!plan) return this.unplanned(step);
    const ranges = this.ranges(plan, step);
    const none: ChargingOffer = { powerW: 0, phases: this.phasesFor(step.car), currentA: 0 };
    if (ranges.length === 0) return none;
    const limits: PowerLimits = {
      ranges: ranges.map((range) => [range.minW, range.maxW] as const),
      minW: ranges[0]!.minW,
      maxW: Math.max(...ranges.map((range) => range.maxW)),
    };
    let powerW = 0;
    if (this.forced || plan.mode === 'fast') {
      powerW = limits.maxW;
    } else if (plan.mode === 'pv' || plan.mode === 'min_pv') {
      powerW = this.followSurplus(step, ranges, plan.mode === 'min_pv');
    }
    if (!this.forced) {
      const window = this.windowAt(step.fromMs);
      const short = plan.target_wh === null || step.deliveredWh < plan.target_wh;
      if (window && short) {
        powerW = Math.max(powerW, atLeast(limits, window.power_w));
      }
    }
    if (this.hold || powerW <= 0) return none;
    const range =
      ranges.find((candidate) => candidate.phases === this.pvPhases && inside(candidate, powerW)) ??
      ranges.find((candidate) => inside(candidate, powerW)) ??
      ranges.at(-1)!;
    return { powerW, phases: range.phases, currentA: powerW / (VOLTS * range.phases) };
  }

  /** No plan: the box's setting, the car's limit and a remote current limit, as it always charged. */
  private unplanned(step: ChargingStep): ChargingOffer {
    const phases = Math.min(this.boxPhases, step.car.phases) as Phases;
    const limitW = this.limitA === null ? Number.POSITIVE_INFINITY : this.limitA * VOLTS * phases;
    const powerW = this.hold ? 0 : Math.max(0, Math.min(step.maxPowerW, step.car.maxW, limitW));
    return { powerW, phases, currentA: powerW / (VOLTS * phases) };
  }

  /** The powers the box can offer this car under the plan, one range per phase count, ascending. */
  private ranges(plan: ChargingPlanParams, step: ChargingStep): PhaseRange[] {
    const { car } = step;
    const limitA = this.limitA ?? Number.POSITIVE_INFINITY;
    const minA = Math.min(plan.min_current_a, limitA);
    const ranges: PhaseRange[] = [];
    for (const count of phaseCounts(plan)) {
      const phases = Math.min(count, this.boxPhases, car.phases) as Phases;
      if (ranges.some((range) => range.phases === phases)) continue;
      // a three-phase car on one phase takes a third of its limit
      const carW = phases === car.phases ? car.maxW : (car.maxW / car.phases) * phases;
      const maxW = Math.min(Math.min(plan.max_current_a, limitA) * VOLTS * phases, carW, step.maxPowerW);
      const minW = minA * VOLTS * phases;
      if (maxW >= minW) ranges.push({ phases, minW, maxW });
    }
    return ranges;
  }

  /** PV following with the minimum-current rule and phase switching (see the file's comment). */
  private followSurplus(step: ChargingStep, ranges: PhaseRange[], keepMinimum: boolean): number {
    const { fromMs, surplusW } = step;
    if (!(fromMs - this.followedMs <= FOLLOW_GAP_MS)) {
      this.pvOn = false;
      this.pvSinceMs = Number.NaN;
      this.phaseSinceMs = Number.NaN;
    }
    this.followedMs = fromMs;
    const one = ranges.find((range) => range.phases === 1);
    const three = ranges.find((range) => range.phases === 3);
    if (!ranges.some((range) => range.phases === this.pvPhases)) this.pvPhases = ranges[0]!.phases;
    if (one && three) {
      const wanted: Phases = surplusW >= three.minW ? 3 : 1;
      if (wanted === this.pvPhases) this.phaseSinceMs = Number.NaN;
      else {
        if (Number.isNaN(this.phaseSinceMs)) this.phaseSinceMs = fromMs;
        // while it does not charge it picks the phases that fit at once
        if (!(keepMinimum || this.pvOn) || fromMs - this.phaseSinceMs >= PHASE_DELAY_MS) {
          this.pvPhases = wanted;
          this.phaseSinceMs = Number.NaN;
        }
      }
    }
    const range = ranges.find((candidate) => candidate.phases === this.pvPhases)!;
    const enough = surplusW >= range.minW;
    if (enough === this.pvOn) this.pvSinceMs = Number.NaN;
    else {
      if (Number.isNaN(this.pvSinceMs)) this.pvSinceMs = fromMs;
      if (fromMs - this.pvSinceMs >= (this.pvOn ? STOP_DELAY_MS : START_DELAY_MS)) {
        this.pvOn = enough;
        this.pvSinceMs = Number.NaN;
      }
    }
    if (!keepMinimum && !this.pvOn) return 0;
    return Math.min(range.maxW, Math.max(range.minW, surplusW));
  }

  /** The window the step starts in, if any. */
  private windowAt(ms: number): ChargingPlanParams['windows'][number] | undefined {
    const windows = this.plan?.windows ?? [];
    while (this.windowIndex < windows.length && windows[this.windowIndex]!.end <= ms) this.windowIndex++;
    const window = windows[this.windowIndex];
    return window && window.start <= ms ? window : undefined;
  }
}

/** The phase counts a plan allows. */
function phaseCounts(plan: ChargingPlanParams): Phases[] {
  return plan.phases === '1p' ? [1] : plan.phases === '3p' ? [3] : [1, 3];
}

/** The lowest power the box can offer that is not below `powerW` (its maximum at most). */
function atLeast(limits: PowerLimits, powerW: number): number {
  if (feasiblePower(limits, powerW) >= powerW - 1e-6) return Math.min(powerW, limits.maxW);
  const above = limits.ranges.filter(([min]) => min >= powerW).map(([min]) => min);
  return above.length > 0 ? Math.min(...above) : limits.maxW;
}
