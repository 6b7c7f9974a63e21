import { getTimezone } from 'countries-and-timezones';
import { keywordMatcher } from './text.ts';
import type { TimezoneItem } from './types.ts';

export interface ListTimezonesInput {
  keyword?: string;
  /** The instant whose offsets are reported (daylight saving time); default now. */
  now?: Date;
}

let icuZones: ReadonlySet<string> | undefined;

/** The zones the runtime lists (`Intl.supportedValuesOf`), under ICU's names. */
export function runtimeZones(): ReadonlySet<string> {
  icuZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  return icuZones;
}

const canonicalNames = new Map<string, string | undefined>();

/**
 * The current IANA name of a zone the runtime knows, or undefined. ICU keeps some zones under
 * their old spelling (Node 20 lists Asia/Calcutta, Europe/Kiev); the tz data of package
 * `countries-and-timezones` says which names are aliases. Only a rename is followed — an alias
 * whose target the runtime lists separately (Europe/Amsterdam → Europe/Brussels) is a zone of its
 * own for the user and keeps its name.
 */
export function canonicalZone(name: string): string | undefined {
  if (canonicalNames.has(name)) return canonicalNames.get(name);
  let resolved: string | undefined;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    resolved = undefined;
  }
  if (resolved === 'Etc/UTC' || resolved === 'Etc/GMT') resolved = 'UTC';
  if (resolved !== undefined) {
    const alias = getTimezone(resolved)?.aliasOf;
    if (alias && !runtimeZones().has(alias)) resolved = alias;
  }
  canonicalNames.set(name, resolved);
  return resolved;
}

let zoneNames: readonly string[] | undefined;

/** Every zone of the runtime under its current IANA name, plus UTC. */
export function timezoneNames(): readonly string[] {
  if (!zoneNames) {
    const names = new Set<string>(['UTC']);
    for (const zone of runtimeZones()) {
      const name = canonicalZone(zone);
      if (name) names.add(name);
    }
    zoneNames = [...names];
  }
  return zoneNames;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC of a zone at an instant ("GMT+05:30" → 330). */
export function offsetMinutes(zone: string, at: Date): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  const label = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /([+-])(\d{1,2}):?(\d{2})?/.exec(label);
  if (!match) return 0; // "GMT": UTC itself
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** An offset in the `+01:00` form. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  return `${sign}${hours}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The IANA time zones of the runtime (`Intl.supportedValuesOf`) and UTC, each with its offset at
 * `now`; sorted by offset, then name. The keyword matches the name (`_` read as a space) or the
 * offset.
 */
export function listTimezones(input: ListTimezonesInput = {}): TimezoneItem[] {
  const at = input.now ?? new Date();
  const matches = keywordMatcher(input.keyword);
  const items: TimezoneItem[] = [];
  for (const timezone of timezoneNames()) {
    const minutes = offsetMinutes(timezone, at);
    const utcOffset = formatOffset(minutes);
    if (!matches(timezone, timezone.replaceAll('_', ' '), utcOffset)) continue;
    items.push({ timezone, utc_offset: utcOffset, offset_minutes: minutes });
  }
  return items.sort(
    (a, b) =>
      a.offset_minutes - b.offset_minutes || (a.timezone < b.timezone ? -1 : a.timezone > b.timezone ? 1 : 0),
  );
}
