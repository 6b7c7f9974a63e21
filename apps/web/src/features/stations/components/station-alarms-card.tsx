import { Card } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { StationAlarms } from '../../alarms/index.ts';
import { QuietSkeleton } from '../../devices/index.ts';

/** The detail screens' "Alarms" card: the station's happening alarms, from the alarm screens' code. */
export function StationAlarmsCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Card title={t('stations.detail.alarms')} className="station-section" data-testid="station-alarms">
          <QuietSkeleton paragraph={{ rows: 3 }} />
        </Card>
      }
    >
      <StationAlarms stationId={stationId} />
    </Suspense>
  );
}
