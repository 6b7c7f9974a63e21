import { GAP_TEXT } from '@helio/contracts';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';

dayjs.extend(localizedFormat);

/** When something happened, in the interface language and the browser's zone; '--' for never. */
export function MessageTime({ value }: { value: string | null }) {
  const { i18n } = useTranslation();
  if (!value) return <span>{GAP_TEXT}</span>;
  return (
    <time dateTime={value} lang={i18n.language} className="message-time">
      {dayjs(value).format('L LT')}
    </time>
  );
}
