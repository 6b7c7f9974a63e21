import { CloseOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { DeviceItem } from '@helio/contracts';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A device's lock as the apply dialog knows it. */
export type LockView = { state: 'checking' } | { state: 'open'; until: string | null } | { state: 'locked' };

export interface SelectedDevicesProps {
  devices: readonly DeviceItem[];
  locks: ReadonlyMap<string, LockView>;
  onUnlock: (sn: string) => void;
  onRemove: (sn: string) => void;
  disabled?: boolean;
  /** Each device's unlock button, so that the dialog can send the focus to the first one needed. */
  unlockRef: (sn: string, button: HTMLButtonElement | null) => void;
}

const time = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/**
 * The devices chosen, each with its model and whether it is unlocked by its device password: a
 * locked one has its own button that asks for the password (the Settings tab's dialog), and each
 * can be taken off the choice.
 */
export function SelectedDevices({
  devices,
  locks,
  onUnlock,
  onRemove,
  disabled,
  unlockRef,
}: SelectedDevicesProps) {
  const { t, i18n } = useTranslation();
  if (devices.length === 0)
    return (
      <p className="strategy-help" data-testid="strategy-apply-none">
        {t('strategies.apply.noneChosen')}
      </p>
    );
  return (
    <ul
      className="strategy-chosen"
      aria-label={t('strategies.apply.chosen')}
      data-testid="strategy-apply-chosen"
    >
      {devices.map((item) => {
        const lock = locks.get(item.sn) ?? { state: 'checking' };
        return (
          <li
            key={item.sn}
            className="strategy-chosen-item"
            data-testid={`strategy-apply-chosen-${item.sn}`}
            data-lock={lock.state}
          >
            <span className="strategy-sn">{item.sn}</span>
            <span className="strategy-help">{item.model}</span>
            {lock.state === 'checking' ? (
              <Tag>{t('strategies.apply.lock.checking')}</Tag>
            ) : lock.state === 'open' ? (
              <Tag icon={<UnlockOutlined aria-hidden />} color="success">
                {lock.until
                  ? t('strategies.apply.lock.until', { time: time(lock.until, i18n.language) })
                  : t('strategies.apply.lock.open')}
              </Tag>
            ) : (
              <Button
                size="small"
                icon={<LockOutlined aria-hidden />}
                ref={(button) => unlockRef(item.sn, button as HTMLButtonElement | null)}
                onClick={() => onUnlock(item.sn)}
                disabled={disabled}
                data-testid={`strategy-apply-unlock-${item.sn}`}
              >
                {t('strategies.apply.lock.unlock')}
                {/* the device it is for, in its name (the visible words first, WCAG 2.5.3) */}
                <span className="visually-hidden"> {item.sn}</span>
              </Button>
            )}
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined aria-hidden />}
              onClick={() => onRemove(item.sn)}
              disabled={disabled}
              aria-label={t('strategies.apply.removeOf', { sn: item.sn })}
              title={t('strategies.apply.removeOf', { sn: item.sn })}
              data-testid={`strategy-apply-remove-${item.sn}`}
            />
          </li>
        );
      })}
    </ul>
  );
}
