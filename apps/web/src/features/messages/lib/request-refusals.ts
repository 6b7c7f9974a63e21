/**
 * Why asking for access was refused, in this case's words (the catalogue's texts are general):
 * api/auth-request/add answers 2004 not registered, 200306 already in the caller's stations, 7005
 * already pending, 4003 already granted, 9001 refused for good by the holder.
 */
const worded = ['2004', '200306', '7005', '4003', '9001'] as const;

/** The messages text key of a refusal, undefined for one the catalogue words well enough. */
export function requestRefusalKey(code: string): string | undefined {
  return (worded as readonly string[]).includes(code) ? `messages.requests.refused.${code}` : undefined;
}
