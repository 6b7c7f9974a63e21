import type { EmsPart } from '@helio/contracts/device-link';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/api.ts';
import { formatZonedDateTime, QuietSkeleton } from '../../devices/index.ts';
import { useEmsPart } from '../api/ems5000.ts';
import { useEmsTexts } from '../lib/use-ems-texts.ts';
import { ParametersPanel } from './parameters-panel.tsx';
import { PartChart } from './part-chart.tsx';
import { ClusterTable, PartValues } from './part-values.tsx';
import { StateTag } from './state-tag.tsx';

export interface PartTabProps {
  stationId: number;
  part: EmsPart;
  zone: string;
}

/**
 * One part's tab: its state, every value now (a BMS's clusters as their own table), its day chart
 * (refreshed with the values while it shows today) and its parameters.
 */
export function PartTab({ stationId, part, zone }: PartTabProps) {
  const { t, i18n } = useTranslation();
  const texts = useEmsTexts();
  const [date, setDate] = useState<string>();
  const detail = useEmsPart(stationId, part, date, date === undefined);
  const data = detail.data;

  return (
    <div className="ems-part" data-testid={`ems-part-${part}`}>
      {!data && detail.isError ? (
        <Alert
          type="error"
          showIcon
          title={describeError(detail.error)}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              {t('ems5000.retry')}
            </Button>
          }
          data-testid="ems-part-failed"
        />
      ) : !data ? (
        <QuietSkeleton paragraph={{ rows: 6 }} />
      ) : (
        <>
          <dl className="ems-summary">
            <div>
              <dt>{t('ems5000.stateOf', { part: texts.partName(part) })}</dt>
              <dd>
                <StateTag set={part} code={data.state} testId={`ems-part-${part}-state`} />
              </dd>
            </div>
            <div>
              <dt>{t('ems5000.updated')}</dt>
              <dd>
                {data.updated_at
                  ? formatZonedDateTime(data.updated_at, zone, i18n.language)
                  : t('ems5000.neverReported')}
              </dd>
            </div>
            <div>
              <dt>{t('ems5000.alarms')}</dt>
              <dd data-testid={`ems-part-${part}-alarms`}>
                {data.alarms.length === 0
                  ? t('ems5000.noAlarms')
                  : t('ems5000.alarmsNow', {
                      count: data.alarms.length,
                      codes: data.alarms.map((alarm) => alarm.code).join(', '),
                    })}
              </dd>
            </div>
          </dl>
          <PartValues part={part} values={data.values} />
          {part === 'bms' && <ClusterTable values={data.values} />}
          <PartChart
            part={part}
            history={data.history}
            zone={zone}
            date={date}
            onDate={setDate}
            busy={detail.isPlaceholderData}
          />
        </>
      )}
      <ParametersPanel stationId={stationId} part={part} zone={zone} />
    </div>
  );
}
