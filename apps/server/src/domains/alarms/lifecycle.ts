/**
 * The alarm lifecycle as pure rules (README.md "Alarms and messages: choices"). The alarms of one
 * device, code and part are what its events say when replayed in time order: a raise opens an
 * alarm unless one is happening, a clear ends the happening one. Because the replay sorts first,
 * repeated events (stored once) and reordered ones (a late clear, a buffered raise) give the same
 * alarms as the clean stream; `planAlarmRows` then turns the stored rows into those alarms while
 * keeping the rows (ids, processing) that are still the same alarm.
 */

export interface AlarmEvent {
  /** When the fault started (raise) or ended (clear), epoch ms. */
  ms: number;
  event: 'raise' | 'clear';
  /** The device's sequence number; orders events of the same instant. Null for the portal's own. */
  seq: number | null;
}

export interface AlarmInterval {
  raisedMs: number;
  /** Null while happening. */
  clearedMs: number | null;
}

export interface AlarmRow extends AlarmInterval {
  alarmId: number;
}

/**
 * Event order: by time; within one instant by the device's sequence number (events without one
 * after those with one); then a clear before a raise, so that "ended and started again" at one
 * instant leaves the alarm happening.
 */
export function compareEvents(a: AlarmEvent, b: AlarmEvent): number {
  if (a.ms !== b.ms) return a.ms - b.ms;
  const seqA = a.seq ?? Number.POSITIVE_INFINITY;
  const seqB = b.seq ?? Number.POSITIVE_INFINITY;
  if (seqA !== seqB) return seqA < seqB ? -1 : 1;
  if (a.event === b.event) return 0;
  return a.event === 'clear' ? -1 : 1;
}

/** The alarms a key's events give, oldest first: disjoint, each ended at or after its start, at most the last happening. */
export function alarmIntervals(events: readonly AlarmEvent[]): AlarmInterval[] {
  const intervals: AlarmInterval[] = [];
  let open: AlarmInterval | undefined;
  for (const event of [...events].sort(compareEvents)) {
    if (event.event === 'raise') {
      if (open) continue; // a raise of a happening alarm changes nothing
      open = { raisedMs: event.ms, clearedMs: null };
      intervals.push(open);
    } else if (open) {
      open.clearedMs = event.ms;
      open = undefined;
    }
  }
  return intervals;
}

export interface AlarmRowPlan {
  /** Rows that no alarm is left for. */
  deletes: number[];
  /** Rows that become another alarm or change their end: ended ones first, then the happening one. */
  updates: AlarmRow[];
  /** Alarms no row stands for yet. */
  inserts: AlarmInterval[];
}

/**
 * How to turn a key's stored rows into `intervals`. A row whose start is an alarm's start is that
 * alarm (its end may change). The other rows take the other alarms in time order (a late raise that
 * moved an alarm's start keeps its id and processing); rows left over are deleted, alarms left over
 * inserted. Statements in this order never break the unique indexes: deletes, updates that end an
 * alarm, the update that makes one happening, inserts.
 */
export function planAlarmRows(rows: readonly AlarmRow[], intervals: readonly AlarmInterval[]): AlarmRowPlan {
  const byStart = new Map(intervals.map((interval) => [interval.raisedMs, interval]));
  const matchedStarts = new Set<number>();
  const updates: AlarmRow[] = [];
  const unmatchedRows: AlarmRow[] = [];
  for (const row of [...rows].sort((a, b) => a.raisedMs - b.raisedMs)) {
    const interval = byStart.get(row.raisedMs);
    if (interval && !matchedStarts.has(row.raisedMs)) {
      matchedStarts.add(row.raisedMs);
      if (interval.clearedMs !== row.clearedMs) updates.push({ alarmId: row.alarmId, ...interval });
    } else {
      unmatchedRows.push(row);
    }
  }
  const unmatchedIntervals = intervals.filter((interval) => !matchedStarts.has(interval.raisedMs));
  const pairs = Math.min(unmatchedRows.length, unmatchedIntervals.length);
  for (let index = 0; index < pairs; index += 1) {
    updates.push({ alarmId: unmatchedRows[index]!.alarmId, ...unmatchedIntervals[index]! });
  }
  updates.sort((a, b) => Number(a.clearedMs === null) - Number(b.clearedMs === null));
  return {
    deletes: unmatchedRows.slice(pairs).map((row) => row.alarmId),
    updates,
    inserts: unmatchedIntervals.slice(pairs),
  };
}
