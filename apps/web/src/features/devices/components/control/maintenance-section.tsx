import type { SettingsView } from '@helio/contracts';
import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShownZone } from '../../api/telemetry.ts';
import { DebugPanel } from './debug-panel.tsx';
import { RestartPanel } from './restart-panel.tsx';
import { SelfTestPanel } from './self-test-panel.tsx';

export interface MaintenanceSectionProps {
  view: SettingsView;
  zone: ShownZone;
  /** The device is unlocked (or needs no password): its acts can be asked for. */
  unlocked: boolean;
}

/**
 * The installer's maintenance of a device: its self-test (when its standard requires one), a debug
 * session and a restart. Each act is a command, followed until the device has answered.
 */
export function MaintenanceSection({ view, zone, unlocked }: MaintenanceSectionProps) {
  const { t } = useTranslation();
  const titleId = 'control-maintenance-title';
  return (
    <Card
      className="control-group"
      data-testid="control-maintenance"
      title={
        <h2 id={titleId} className="control-group-title">
          {t('control.maintenance.title')}
        </h2>
      }
    >
      <section aria-labelledby={titleId} className="control-maintenance">
        {!unlocked && (
          <Alert type="info" showIcon className="control-note" title={t('control.maintenance.locked')} />
        )}
        {view.self_test && <SelfTestPanel view={view} zone={zone} disabled={!unlocked} />}
        <DebugPanel view={view} zone={zone} disabled={!unlocked} />
        <RestartPanel view={view} disabled={!unlocked} />
      </section>
    </Card>
  );
}
