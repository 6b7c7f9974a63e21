import { type TariffBand, type TariffSeason, tariffBands } from '@helio/contracts';
import { useTranslation } from 'react-i18next';
import { clockText, DAY_MINUTES, seasonDays, weekdaysText } from './tariff-bar.ts';

const hours = [0, 6, 12, 18, 24];

/** A band's swatch: colour and pattern both, so bands are told apart without colour. */
export function BandKey({ band }: { band: TariffBand }) {
  return <span className={`tariff-band-key tariff-band-${band}`} aria-hidden="true" />;
}

/** The legend of the band colours and patterns. */
export function BandLegend() {
  const { t } = useTranslation();
  return (
    <ul className="tariff-band-legend" aria-label={t('tariffs.band.legend')}>
      {tariffBands.map((band) => (
        <li key={band}>
          <BandKey band={band} />
          {t(`tariffs.band.${band}`)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A season's day on 24-hour bars, one per group of weekdays with the same bands, as `bandAt` reads
 * the time sets. Each bar is an image whose name says its bands and times in words; the bands
 * differ by pattern as well as colour.
 */
export function BandBar({ season, testId }: { season: TariffSeason; testId?: string }) {
  const { t, i18n } = useTranslation();
  const days = seasonDays(season);
  return (
    <div className="tariff-band-bars" data-testid={testId}>
      {days.map((day) => {
        const daysText = weekdaysText(day.days, i18n.language);
        const said = day.segments
          .map((segment) =>
            t('tariffs.bar.segment', {
              band: t(`tariffs.band.${segment.band}`),
              start: clockText(segment.start),
              end: clockText(segment.end),
            }),
          )
          .join(', ');
        return (
          <div className="tariff-band-day" key={day.days.join('-')}>
            <span className="tariff-band-days" aria-hidden="true">
              {daysText}
            </span>
            <div>
              <div
                className="tariff-band-track"
                role="img"
                aria-label={t('tariffs.bar.summary', { days: daysText, bands: said })}
                data-testid={testId ? `${testId}-day` : undefined}
              >
                {day.segments.map((segment) => (
                  <span
                    key={segment.start}
                    className={`tariff-band-segment tariff-band-${segment.band}`}
                    style={{
                      left: `${(segment.start / DAY_MINUTES) * 100}%`,
                      width: `${((segment.end - segment.start) / DAY_MINUTES) * 100}%`,
                    }}
                    title={`${t(`tariffs.band.${segment.band}`)} ${clockText(segment.start)}–${clockText(segment.end)}`}
                  />
                ))}
              </div>
              <div className="tariff-band-scale" aria-hidden="true">
                {hours.map((hour) => (
                  <span key={hour}>{String(hour).padStart(2, '0')}</span>
                ))}
              </div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
