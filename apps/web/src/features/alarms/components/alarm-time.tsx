import { GAP_TEXT } from '@helio/contracts';
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime, knownZone, localZone } from '../../devices/index.ts';

/**
 * A moment of an alarm in the interface language, to the second, in the station's time zone (an
 * alarm happened at the plant's local time, whoever looks at it from wherever); in the browser's
 * zone when the station's is not known. '--' when there is none.
 */
export function AlarmTime({ value, zone, testId }: { value: string | null; zone?: string; testId?: string }) {
  const { i18n } = useTranslation();
  if (!value) return <span data-testid={testId}>{GAP_TEXT}</span>;
  const shownZone = knownZone(zone) ?? localZone();
  return (
    <time dateTime={value} lang={i18n.language} className="alarm-time" title={shownZone} data-testid={testId}>
      {formatZonedDateTime(value, shownZone, i18n.language)}
    </time>
  );
}
