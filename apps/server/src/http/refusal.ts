import type { ErrorCode, FieldIssue } from '@helio/contracts';

/**
 * A business refusal with its catalogue code (SPEC.md §8). Services throw it; the HTTP edge turns
 * it into `{code: 400, msg: code}`. It is an expected outcome, so it is logged at info, not error.
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

/** HTTP status for a refusal, so proxies and logs can tell kinds apart; the body carries the code. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case '1000':
      return 401;
    case '9001':
      return 403;
    case '1007':
      return 429;
    case '9999':
      return 500;
    default:
      return 400;
  }
}
