import type { PileState, SessionStart } from '@helio/contracts';

/**
 * The rule that turns a wallbox's readings into charging sessions, plug-in to unplug (PRODUCT.md §8
 * "Charging"). Pure: the job (sessions-job.ts) feeds it the readings after those already counted,
 * with the session still going on, and stores what it answers.
 *
 * - A session begins with a reading that says a car is there: `plugged` or `charging` (or no state
 *   and power flowing), or any state but `idle` with a session number the charger had not shown
 *   before (a car in its handshake may read `not_ready`). A charger in `fault` or `not_ready` with
 *   its old number has no car: nothing begins.
 * - It goes on through `plugged`, `charging`, `fault` and `not_ready`, and ends at the first `idle`
 *   reading (the unplug; `ended_at` is that reading's time) or at a reading with another session
 *   number (the car left between two readings and another came: ended at that reading).
 * - Silence: when the charger says nothing of it for `SESSION_QUIET_MS`, nobody knows when the car
 *   left. A later reading with the same session number goes on with it (a backfill after an
 *   outage); a later one without a number, or with another, begins anew, and the quiet session
 *   ended at its last reading. Until such a reading comes it reads as ended at its last reading
 *   (`recordState`), without being stored so: its backfill may still come.
 * - Energy: the charger's `session_kwh`, counted by its rise from one reading to the next (its
 *   last value while it only rises; a fall is a charger that started it again from 0). A reading
 *   without it counts the rise of the `ev_kwh` counter since the reading before. Each rise is
 *   kept with the interval it happened in, for the PV/battery/grid split (shares.ts).
 * - State: `charging` only while the newest reading says so with power flowing (at least
 *   `CHARGING_MIN_W`); a car plugged and drawing nothing (full, waiting for its window, held) is
 *   `plugged`, whatever its charger calls it.
 */

/** Without a reading for this long a session is taken as ended at its last reading. */
export const SESSION_QUIET_MS = 6 * 3_600_000;
/**
 * Below this a car is not charging: the lowest charging current (6 A on one phase) is about
 * 1.4 kW, and what a full car or the box itself draws is a few watts to tens of watts.
 */
export const CHARGING_MIN_W = 100;

export type LiveState = 'charging' | 'plugged';
export type RecordState = LiveState | 'ended';

/** What a session needs of one wallbox reading. */
export interface PileReading {
  ms: number;
  state: PileState | null;
  power_w: number | null;
  session_kwh: number | null;
  ev_kwh: number | null;
  session_no: number | null;
  start: SessionStart | null;
}

/** Energy that went into the car between two instants (equal when only the end is known). */
export interface EnergyInterval {
  fromMs: number;
  toMs: number;
  kwh: number;
}

/** A session's energy by source and the cost of its grid part (null without a price). */
export interface SessionShares {
  pv_kwh: number;
  battery_kwh: number;
  grid_kwh: number;
  cost: number | null;
}

/** A session as stored between two runs. */
export interface SessionSoFar {
  /** Its `session_no` column: the charger's number, or the plug-in time's ms without one. */
  key: number;
  /** The charger's number of it (from its newest reading), if it gives one. */
  number: number | null;
  startedMs: number;
  lastMs: number;
  state: LiveState;
  start: SessionStart | null;
  energyKwh: number;
  maxPowerW: number;
  /** The charger's `session_kwh` at `lastMs` (the energy so far when it only counts `ev_kwh`). */
  countedKwh: number;
}

/** A session the readings touched: what to store, and the energy intervals new to it. */
export interface SessionChange extends Omit<SessionSoFar, 'state'> {
  state: RecordState;
  endedMs: number | null;
  /** Not stored yet. */
  created: boolean;
  intervals: EnergyInterval[];
}

export interface SessionContext {
  /** The device's session still going on, if any. */
  open?: SessionSoFar;
  /** The newest reading already counted (the one at the cursor), for the first rise. */
  previous?: PileReading;
  /** Whether a session number is already a stored session of the device (a charger that started counting again). */
  taken: (key: number) => boolean;
}

const present = (state: PileState | null) => state !== null && state !== 'idle';

/** `charging` with power flowing, `plugged` otherwise (the fix: a full car is not "Charging"). */
export function liveStateOf(reading: Pick<PileReading, 'state' | 'power_w'>): LiveState {
  const power = reading.power_w;
  if (reading.state === 'charging') return power === null || power >= CHARGING_MIN_W ? 'charging' : 'plugged';
  if (reading.state === null && power !== null && power >= CHARGING_MIN_W) return 'charging';
  return 'plugged';
}

/** Whether a reading begins a session when none goes on; `previous`: the reading before it. */
function begins(reading: PileReading, previous: PileReading | undefined): boolean {
  if (reading.state === 'plugged' || reading.state === 'charging') return true;
  if (reading.state === null) return (reading.power_w ?? 0) >= CHARGING_MIN_W;
  const newNumber =
    reading.session_no !== null && (previous === undefined || previous.session_no !== reading.session_no);
  return present(reading.state) && newNumber;
}

/** The energy of the step from `previous` to `reading` of a session whose count so far is `counted`. */
function rise(
  reading: PileReading,
  previous: PileReading | undefined,
  counted: number,
  options: { ending: boolean },
): { kwh: number; counted: number } {
  if (reading.session_kwh !== null) {
    const value = reading.session_kwh;
    // an unplug reading may already show the next session's 0: never a restart there
    if (value >= counted) return { kwh: value - counted, counted: value };
    return options.ending ? { kwh: 0, counted } : { kwh: value, counted: value };
  }
  const step =
    previous?.ev_kwh !== null && previous?.ev_kwh !== undefined && reading.ev_kwh !== null
      ? Math.max(0, reading.ev_kwh - previous.ev_kwh)
      : 0;
  return { kwh: step, counted: counted + step };
}

/**
 * The sessions `readings` (oldest first, all after `context.previous`) touch: the open one going
 * on or ended, and those they begin. Running it again on the same readings from the same context
 * answers the same.
 */
export function advanceSessions(context: SessionContext, readings: readonly PileReading[]): SessionChange[] {
  const changes: SessionChange[] = [];
  let current: SessionChange | undefined = context.open && {
    ...context.open,
    endedMs: null,
    created: false,
    intervals: [],
  };
  let previous = context.previous;
  const used = new Set<number>();

  const end = (endedMs: number) => {
    if (!current) return;
    current.state = 'ended';
    current.endedMs = endedMs;
    changes.push(current);
    current = undefined;
  };
  const count = (session: SessionChange, reading: PileReading, ending: boolean) => {
    const near = previous !== undefined && reading.ms - previous.ms <= SESSION_QUIET_MS;
    const step = rise(reading, near ? previous : undefined, session.countedKwh, { ending });
    session.countedKwh = step.counted;
    if (step.kwh > 0) {
      session.energyKwh += step.kwh;
      session.intervals.push({
        fromMs: near && previous ? previous.ms : reading.ms,
        toMs: reading.ms,
        kwh: step.kwh,
      });
    }
    session.lastMs = reading.ms;
  };

  for (const reading of readings) {
    if (current) {
      const same =
        reading.session_no !== null && current.number !== null ? reading.session_no === current.number : null;
      if (same === false) end(reading.ms);
      else if (same === null && reading.ms - current.lastMs > SESSION_QUIET_MS) end(current.lastMs);
      else if (reading.state === 'idle') {
        count(current, reading, true);
        end(reading.ms);
      } else {
        count(current, reading, false);
        current.state = liveStateOf(reading);
        current.maxPowerW = Math.max(current.maxPowerW, reading.power_w ?? 0);
        current.start = reading.start ?? current.start;
        current.number = reading.session_no ?? current.number;
      }
    }
    if (!current && begins(reading, previous)) {
      const number = reading.session_no;
      const free = (key: number) => !context.taken(key) && !used.has(key);
      const key = number !== null && free(number) ? number : reading.ms;
      used.add(key);
      current = {
        key,
        number,
        startedMs: reading.ms,
        lastMs: reading.ms,
        state: liveStateOf(reading),
        start: reading.start,
        energyKwh: 0,
        maxPowerW: Math.max(0, reading.power_w ?? 0),
        countedKwh: 0,
        endedMs: null,
        created: true,
        intervals: [],
      };
      count(current, reading, false);
    }
    previous = reading;
  }
  if (current) changes.push(current);
  return changes;
}

/**
 * What a stored session reads as at `nowMs`: ended when ended, or when its charger has said
 * nothing of it for `SESSION_QUIET_MS` (then at its last reading); its state otherwise.
 */
export function recordState(
  session: { state: RecordState; endedMs: number | null; lastMs: number },
  nowMs: number,
): { state: RecordState; endedMs: number | null } {
  if (session.state === 'ended' || session.endedMs !== null)
    return { state: 'ended', endedMs: session.endedMs ?? session.lastMs };
  if (nowMs - session.lastMs > SESSION_QUIET_MS) return { state: 'ended', endedMs: session.lastMs };
  return { state: session.state, endedMs: null };
}
