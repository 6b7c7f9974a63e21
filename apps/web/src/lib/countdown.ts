/** Seconds before another code may be asked (SPEC.md §4, §9), unless the server says otherwise. */
export const RESEND_COUNTDOWN_S = 60;

/** Whole seconds left until `deadline` (ms since the epoch), rounded up so 0 means "now allowed". */
export function secondsLeft(deadline: number | null, now: number): number {
  if (deadline === null) return 0;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** The deadline of a countdown of `seconds` started at `now`; a bad or missing value counts 60 s. */
export function countdownDeadline(now: number, seconds: number | undefined = RESEND_COUNTDOWN_S): number {
  const span = Number.isFinite(seconds) && seconds > 0 ? seconds : RESEND_COUNTDOWN_S;
  return now + span * 1000;
}
