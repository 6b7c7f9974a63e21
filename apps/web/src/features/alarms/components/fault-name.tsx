import type { AlarmItem } from '@helio/contracts';
import { useTranslation } from 'react-i18next';
import { useFaultTexts } from '../../../hooks/use-fault-texts.ts';

/** Stands for a fault's name while the language's fault texts are on their way. */
export const NAME_LOADING = '…';

/**
 * The fault's name in the interface language, "Unknown fault" for a code the catalogue lacks, and
 * an ellipsis while the texts load (never "unknown" for a fault that is known).
 */
export function useFaultName(): (item: Pick<AlarmItem, 'fault_key' | 'code'>) => string {
  const { t } = useTranslation();
  const faultText = useFaultTexts();
  return (item) => {
    const text = faultText(item.fault_key);
    if (text === 'loading') return NAME_LOADING;
    return text?.name ?? t('alarms.unknownFault', { code: item.code });
  };
}

/**
 * An alarm's fault name and code. With `onOpen` the name is a button that opens the alarm's detail,
 * so that the keyboard reaches every alarm of a list.
 */
export function FaultName({ item, onOpen }: { item: AlarmItem; onOpen?: (item: AlarmItem) => void }) {
  const { t } = useTranslation();
  const name = useFaultName()(item);
  const code = (
    <span className="alarm-code" title={t('alarms.field.code')}>
      {item.code}
    </span>
  );
  if (!onOpen) {
    return (
      <span className="alarm-fault" data-testid="alarm-fault">
        <span className="alarm-fault-name">{name}</span> {code}
      </span>
    );
  }
  return (
    <span className="alarm-fault" data-testid="alarm-fault">
      <button
        type="button"
        className="alarm-fault-name alarm-open"
        onClick={() => onOpen(item)}
        aria-label={t('alarms.openDetail', { name, sn: item.sn })}
        data-testid="alarm-open"
      >
        {name}
      </button>{' '}
      {code}
    </span>
  );
}
