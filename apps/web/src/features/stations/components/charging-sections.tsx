import { lazy, Suspense } from 'react';
import { withTexts } from '../../../lib/i18n.ts';
import { QuietSkeleton } from '../../devices/index.ts';
import { usePileOverview } from '../api/plant.ts';

/**
 * The charging sections come with their code and texts (src/locales/charging, with the control
 * texts of the device password and command progress and the tariff periods' names they share).
 */
const ChargingSectionsNow = lazy(
  withTexts(['charging', 'control', 'tariffs'], () =>
    import('../../charging/index.ts').then((module) => ({ default: module.ChargingSections })),
  ),
);

/**
 * A station's wallbox plans, remote control and charging records, once the pile overview has
 * listed its chargers; nothing for a station without one.
 */
export function StationCharging({ stationId }: { stationId: number }) {
  const overview = usePileOverview(stationId);
  const chargers = overview.data?.piles ?? [];
  if (chargers.length === 0) return null;
  return (
    <Suspense fallback={<QuietSkeleton paragraph={{ rows: 6 }} />}>
      <ChargingSectionsNow stationId={stationId} chargers={chargers} />
    </Suspense>
  );
}
