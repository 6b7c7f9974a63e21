import { GAP_TEXT } from '@helio/contracts';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';

dayjs.extend(localizedFormat);

/** A moment in the interface language's short date and time, '--' when there is none. */
export function DateTime({ value }: { value: string | null }) {
  const { i18n } = useTranslation();
  if (!value) return <span>{GAP_TEXT}</span>;
  return (
    <time dateTime={value} lang={i18n.language} className="device-time">
      {dayjs(value).format('L LT')}
    </time>
  );
}
