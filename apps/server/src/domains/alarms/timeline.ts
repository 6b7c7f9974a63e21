/** Bucket lengths of the alarm timeline, in seconds. */
export const timelineBucketS = { minute: 60, hour: 3600, day: 86_400 } as const;

/**
 * How many alarms were happening at any time within each bucket of [fromMs, toMs): buckets of
 * `bucketMs` from `fromMs` (the last one may run past `toMs`). An alarm counts in every bucket it
 * overlaps; one that ended exactly when a bucket starts does not count there; one of zero length
 * counts in the bucket of its instant. One pass over the alarms and one over the buckets.
 */
export function happeningPerBucket(
  alarms: readonly { raisedMs: number; clearedMs: number | null }[],
  fromMs: number,
  toMs: number,
  bucketMs: number,
): number[] {
  const buckets = Math.max(1, Math.ceil((toMs - fromMs) / bucketMs));
  const changes = new Array<number>(buckets + 1).fill(0);
  for (const alarm of alarms) {
    const first = Math.max(0, Math.floor((alarm.raisedMs - fromMs) / bucketMs));
    let last: number;
    if (alarm.clearedMs === null) last = buckets - 1;
    else if (alarm.clearedMs === alarm.raisedMs) last = Math.floor((alarm.raisedMs - fromMs) / bucketMs);
    else last = Math.ceil((alarm.clearedMs - fromMs) / bucketMs) - 1;
    last = Math.min(buckets - 1, last);
    if (first > last) continue;
    changes[first]! += 1;
    changes[last + 1]! -= 1;
  }
  const counts: number[] = [];
  let running = 0;
  for (let index = 0; index < buckets; index += 1) {
    running += changes[index]!;
    counts.push(running);
  }
  return counts;
}
