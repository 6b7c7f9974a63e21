import type { ErrorCode, FieldIssue } from '@helio/contracts';

/**
 * A business refusal with its catalogue code (SPEC.md §8). Services throw it; the HTTP edge turns
 * it into `{code: 400, msg: code}` with the status of http/http-status.ts. It is an expected outcome, so it is logged at info, not error.
 */
export class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly issues?: FieldIssue[],
    /** For throttling refusals: seconds until trying again makes sense (Retry-After). */
    readonly retryAfterS?: number,
  ) {
    super(`refused with ${code}`);
    this.name = 'Refusal';
  }
}
