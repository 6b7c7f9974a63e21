import type { ChargingFigures } from '@helio/contracts';
import { useTranslation } from 'react-i18next';
import { percentText } from '../../stations/index.ts';

const sources = ['pv', 'battery', 'grid'] as const;
type Source = (typeof sources)[number];

/** Each source's share of the energy, %; none before any energy. */
export function sourceShares(figures: Pick<ChargingFigures, 'pv_kwh' | 'battery_kwh' | 'grid_kwh'>) {
  const energy = figures.pv_kwh + figures.battery_kwh + figures.grid_kwh;
  if (!(energy > 0)) return null;
  const kwh: Record<Source, number> = {
    pv: figures.pv_kwh,
    battery: figures.battery_kwh,
    grid: figures.grid_kwh,
  };
  return Object.fromEntries(sources.map((source) => [source, (kwh[source] / energy) * 100])) as Record<
    Source,
    number
  >;
}

/**
 * Where a session's (or a total's) energy came from: a small stacked bar of PV, battery and grid,
 * and each share written out (the bar is decoration; the words say it all).
 */
export function SourceShares({
  figures,
  testId,
}: {
  figures: Pick<ChargingFigures, 'pv_kwh' | 'battery_kwh' | 'grid_kwh'>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const shares = sourceShares(figures);
  if (!shares) return <span data-testid={testId}>--</span>;
  return (
    <span className="charging-sources" data-testid={testId} data-pv={Math.round(shares.pv)}>
      <span className="charging-sources-bar" aria-hidden="true">
        {sources.map((source) => (
          <span
            key={source}
            className={`charging-source-${source}`}
            style={{ width: `${shares[source]}%` }}
          />
        ))}
      </span>
      <span className="charging-sources-text">
        {sources
          .filter((source) => shares[source] > 0 || source === 'pv')
          .map((source) => t(`charging.records.share.${source}`, { share: percentText(shares[source]) }))
          .join(' · ')}
      </span>
    </span>
  );
}
