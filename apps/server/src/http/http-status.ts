import type { ErrorCode } from '@helio/contracts';

/** HTTP status for a refusal, so proxies and logs can tell kinds apart; the body carries the code. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case '1000':
      return 401;
    case '9001':
      return 403;
    case '1007':
    case '1008':
      return 429;
    case '9999':
      return 500;
    default:
      return 400;
  }
}
