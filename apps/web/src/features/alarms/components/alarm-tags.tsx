import type { AlarmState, ProcessingState } from '@helio/contracts';
import type { FaultSeverity } from '@helio/contracts/device-link';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmStateColor, processingStateColor, severityColor } from '../lib/alarm-display.ts';

/** Warning, fault or critical fault, in its colour. */
export function SeverityTag({ severity }: { severity: FaultSeverity }) {
  const { t } = useTranslation();
  return (
    <Tag color={severityColor[severity]} data-testid="alarm-severity" data-severity={severity}>
      {t(`alarms.severity.${severity}`)}
    </Tag>
  );
}

/** Happening or ended. */
export function AlarmStateTag({ state }: { state: AlarmState }) {
  const { t } = useTranslation();
  return (
    <Tag color={alarmStateColor[state]} data-testid="alarm-state" data-state={state}>
      {t(`alarms.state.${state}`)}
    </Tag>
  );
}

/** Processed or unprocessed. */
export function ProcessingTag({ state }: { state: ProcessingState }) {
  const { t } = useTranslation();
  return (
    <Tag color={processingStateColor[state]} data-testid="alarm-processing" data-processing={state}>
      {t(`alarms.processing.${state}`)}
    </Tag>
  );
}
