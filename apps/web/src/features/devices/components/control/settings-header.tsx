import { LockOutlined, ReloadOutlined, UnlockOutlined } from '@ant-design/icons';
import type { SettingsView } from '@helio/contracts';
import { Alert, Button, Spin, Tag, Typography } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../../lib/api.ts';
import { useReadSettings } from '../../api/control.ts';
import type { ShownZone } from '../../api/telemetry.ts';
import { clockTime, shortDateTime } from '../../lib/control-time.ts';
import { useCommandTexts } from '../../lib/use-control-texts.ts';
import { DeviceStatus } from '../device-status.tsx';
import { ZoneNote } from '../zone-note.tsx';

/** Whether the device's settings can be changed now, and why not. */
export interface LockState {
  /** Unlocked (or no password needed): the writable groups can be changed. */
  unlocked: boolean;
  /** When the unlock ends, when the device needs its password and is unlocked. */
  until: string | undefined;
}

export interface SettingsHeaderProps {
  view: SettingsView;
  zone: ShownZone;
  lock: LockState;
  onUnlock: () => void;
  /** Installers: set the device's password. */
  onChangePassword?: (() => void) | undefined;
  /** Takes the focus after an unlock (the button that asked for it is gone). */
  lockRef: Ref<HTMLDivElement>;
}

/**
 * The top of the Settings tab: "Read from device" and when the values were read, whether a read
 * is under way, the device's state (commands wait for an offline device, then expire), the
 * commands under way and the last change, and the lock: unlocked until when, or why the values
 * are read-only and the way to unlock them.
 */
export function SettingsHeader({
  view,
  zone,
  lock,
  onUnlock,
  onChangePassword,
  lockRef,
}: SettingsHeaderProps) {
  const { t, i18n } = useTranslation();
  const commandTexts = useCommandTexts();
  const read = useReadSettings(view.equ_sn);
  const reading = view.reading !== null;
  const mayWrite = view.writable_groups.length > 0;
  const time = (value: string) => shortDateTime(value, zone.zone, i18n.language);

  return (
    <div className="control-header" data-testid="control-header">
      <div className="control-header-row">
        <Button
          icon={<ReloadOutlined aria-hidden />}
          onClick={() => read.mutate()}
          loading={read.isPending}
          data-testid="control-read"
        >
          {t('control.read.button')}
        </Button>
        <span className="control-read-at" data-testid="control-read-at">
          {view.read_at ? t('control.read.at', { time: time(view.read_at) }) : t('control.read.never')}
        </span>
        {reading && (
          <span className="control-reading" role="status" data-testid="control-reading">
            <Spin size="small" /> {t('control.read.waiting')}
          </span>
        )}
        <ZoneNote zone={zone} />
      </div>
      {read.isError && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => read.reset()}
          title={describeError(read.error)}
          data-testid="control-read-error"
        />
      )}
      <div className="control-header-row">
        <DeviceStatus status={view.status} />
        {view.status === 'offline' && (
          <Typography.Text type="secondary" data-testid="control-offline">
            {t('control.offline', { hours: view.command_ttl_h })}
          </Typography.Text>
        )}
        {view.pending.length > 0 && (
          <Typography.Text data-testid="control-pending">
            {t('control.pending', {
              count: view.pending.length,
              names: view.pending.map((item) => commandTexts.name(item.name)).join(', '),
            })}
          </Typography.Text>
        )}
        {view.last && (
          <Typography.Text type="secondary" data-testid="control-last">
            {t('control.last', {
              name: commandTexts.name(view.last.name),
              state: commandTexts.stateName(view.last.state),
              time: time(view.last.updated_at),
            })}
            {view.last.state === 'failed' ? ` ${commandTexts.reason(view.last)}` : ''}
          </Typography.Text>
        )}
      </div>
      <div className="control-header-row control-lock" ref={lockRef} tabIndex={-1} data-testid="control-lock">
        {!mayWrite ? (
          <Typography.Text type="secondary" data-testid="control-read-only">
            <LockOutlined aria-hidden /> {t('control.lock.readOnly')}
          </Typography.Text>
        ) : lock.unlocked ? (
          lock.until && (
            <Tag icon={<UnlockOutlined aria-hidden />} color="success" data-testid="control-unlocked">
              {t('control.lock.until', { time: clockTime(lock.until, zone.zone, i18n.language) })}
            </Tag>
          )
        ) : (
          <>
            <Typography.Text data-testid="control-locked">
              <LockOutlined aria-hidden /> {t('control.lock.locked')}
            </Typography.Text>
            <Button type="primary" onClick={onUnlock} data-testid="control-unlock">
              {t('control.lock.unlock')}
            </Button>
          </>
        )}
        {onChangePassword && (
          <Button onClick={onChangePassword} data-testid="control-password-change">
            {t('control.password.button')}
          </Button>
        )}
      </div>
    </div>
  );
}
