import { EditOutlined } from '@ant-design/icons';
import { type TariffView, tariffBands } from '@helio/contracts';
import { Alert, Button, Card, Skeleton } from 'antd';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../../components/empty-state.tsx';
import { describeError } from '../../../../lib/api.ts';
import { SectionTitle } from '../section-title.tsx';
import { BandBar, BandKey, BandLegend } from './band-bar.tsx';
import { monthName } from './tariff-bar.ts';
import { priceText } from './usage-text.ts';

export interface TariffSettingsProps {
  view: TariffView | undefined;
  failed: unknown;
  onRetry: () => void;
  /** The signed-in user may change the tariff (not the demo). */
  mayEdit: boolean;
  onEdit: () => void;
}

/** Months as text: their names, in the interface language. */
function monthsText(months: readonly number[], language: string): string {
  return months.map((month) => monthName(month, language)).join(', ');
}

/**
 * The station's peak-valley tariff as it is: each season with its months and its day on 24-hour
 * bars, the price of each band and the feed-in price; a recomputation under way; the way to set
 * or change it for those who may. The demo account reads it only.
 */
export const TariffSettings = forwardRef<HTMLButtonElement, TariffSettingsProps>(function TariffSettings(
  { view, failed, onRetry, mayEdit, onEdit },
  editRef,
) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const tariff = view?.tariff ?? null;

  let body: React.ReactNode;
  if (!view && failed) {
    body = <LoadFailed text={describeError(failed)} retryText={t('stations.retry')} onRetry={onRetry} />;
  } else if (!view) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (!tariff) {
    body = (
      <EmptyState
        title={t('tariffs.settings.noneTitle')}
        description={t(mayEdit ? 'tariffs.settings.noneDescription' : 'tariffs.settings.noneReadOnly')}
        testId="tariff-settings-none"
      />
    );
  } else {
    body = (
      <div className="tariff-summary">
        {tariff.seasons.map((season, index) => (
          <section
            key={season.months.join('-')}
            className="tariff-summary-season"
            aria-labelledby={`tariff-season-title-${index}`}
            data-testid={`tariff-summary-season-${index}`}
          >
            <h3 id={`tariff-season-title-${index}`} className="tariff-subtitle">
              {season.name}
            </h3>
            <p className="tariff-help">{monthsText(season.months, language)}</p>
            <BandBar season={season} testId={`tariff-summary-bar-${index}`} />
          </section>
        ))}
        <BandLegend />
        <dl className="tariff-prices-list" data-testid="tariff-summary-prices">
          {tariffBands.map((band) => (
            <div key={band}>
              <dt>
                <BandKey band={band} /> {t('tariffs.price.band', { band: t(`tariffs.band.${band}`) })}
              </dt>
              <dd data-testid={`tariff-summary-price-${band}`}>
                {priceText(tariff.prices[band], view.currency, language)}
              </dd>
            </div>
          ))}
          <div>
            <dt>{t('tariffs.price.feedIn')}</dt>
            <dd data-testid="tariff-summary-price-feed-in">
              {priceText(tariff.feed_in_price, view.currency, language)}
            </dd>
          </div>
        </dl>
      </div>
    );
  }

  return (
    <Card
      title={<SectionTitle>{t('tariffs.settings.title')}</SectionTitle>}
      className="station-section station-section-wide tariff-settings"
      data-testid="tariff-settings"
      data-state={view ? (tariff ? 'set' : 'none') : failed ? 'failed' : 'loading'}
      extra={
        mayEdit && view ? (
          <Button
            ref={editRef}
            type={tariff ? 'default' : 'primary'}
            icon={<EditOutlined aria-hidden />}
            onClick={onEdit}
            data-testid="tariff-edit"
          >
            {t(tariff ? 'tariffs.settings.edit' : 'tariffs.settings.set')}
          </Button>
        ) : undefined
      }
    >
      {view?.recompute && (
        <Alert
          type="info"
          showIcon
          className="tariff-note"
          title={t('tariffs.settings.recomputing', { from: view.recompute.from, to: view.recompute.to })}
          data-testid="tariff-recomputing"
        />
      )}
      {!mayEdit && view?.tariff && <p className="tariff-help">{t('tariffs.settings.readOnly')}</p>}
      {body}
    </Card>
  );
});
