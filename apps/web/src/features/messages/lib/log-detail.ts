import type { LogItem } from '@helio/contracts';

/** A log line's detail as name and text pairs, by name; empty values (null, '') are left out. */
export function logDetailEntries(detail: LogItem['detail']): [string, string][] {
  return Object.entries(detail)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== null && entry[1] !== '')
    .map(([name, value]): [string, string] => [name, String(value)])
    .sort(([a], [b]) => a.localeCompare(b));
}

/**
 * Detail names with a label in the messages texts (`messages.log.detail.<name>`): those of the
 * invitations and email changes. Others are shown by their name.
 */
const labelled = ['by', 'installer_id', 'invitation_id', 'new_email', 'user_id'] as const;

/** The text key of a detail's label, undefined for a name shown as it is. */
export function logDetailLabelKey(name: string): string | undefined {
  return (labelled as readonly string[]).includes(name) ? `messages.log.detail.${name}` : undefined;
}
