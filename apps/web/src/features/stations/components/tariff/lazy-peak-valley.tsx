import type { StationItem } from '@helio/contracts';
import { lazy, Suspense } from 'react';
import { withTexts } from '../../../../lib/i18n.ts';

/** The peak-valley sections come with their own code and texts (src/locales/tariffs). */
const PeakValleyNow = lazy(
  withTexts('tariffs', () => import('./peak-valley.tsx').then((m) => ({ default: m.PeakValley }))),
);

/** The station's tariff and peak-valley chart, once their code and texts have arrived. */
export function PeakValleySections({ station }: { station: StationItem }) {
  return (
    <Suspense fallback={null}>
      <PeakValleyNow station={station} />
    </Suspense>
  );
}
