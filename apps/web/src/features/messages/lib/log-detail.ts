import type { LogItem } from '@helio/contracts';

/** A log line's detail as name and text pairs, by name; empty values (null, '') are left out. */
export function logDetailEntries(detail: LogItem['detail']): [string, string][] {
  return Object.entries(detail)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== null && entry[1] !== '')
    .map(([name, value]): [string, string] => [name, String(value)])
    .sort(([a], [b]) => a.localeCompare(b));
}
