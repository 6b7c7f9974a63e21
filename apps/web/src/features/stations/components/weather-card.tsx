import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { GAP_TEXT } from '@helio/contracts';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/empty-state.tsx';
import { describeError } from '../../../lib/api.ts';
import { QuietSkeleton } from '../../devices/index.ts';
import { useStationWeather } from '../api/plant.ts';
import { temperatureText } from '../lib/plant-format.ts';
import { SectionTitle } from './section-title.tsx';
import { WeatherIcon } from './weather-icon.tsx';

/**
 * Today's weather at the station (api/station/weather): the condition as a picture and in words,
 * the temperature range, and sunrise and sunset in the station's own time. Without a forecast the
 * sun times still show, and the card says the rest is not available rather than showing zeros.
 */
export function WeatherCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const weather = useStationWeather(stationId);
  const data = weather.data;

  let body: ReactNode;
  if (!data && weather.isError) {
    body = (
      <LoadFailed
        text={describeError(weather.error)}
        retryText={t('stations.retry')}
        onRetry={() => void weather.refetch()}
      />
    );
  } else if (!data) {
    body = <QuietSkeleton avatar paragraph={{ rows: 2 }} />;
  } else {
    const hasTemps = data.temp_low !== null || data.temp_high !== null;
    body = (
      <div
        className="weather"
        data-testid="weather"
        data-condition={data.condition}
        data-source={data.source}
      >
        <div className="weather-now">
          <WeatherIcon condition={data.condition} size={64} />
          <div>
            <div className="weather-condition" data-testid="weather-condition">
              {t(`stations.weather.condition.${data.condition}`)}
            </div>
            <div className="weather-temps" data-testid="weather-temps">
              {hasTemps
                ? t('stations.weather.range', {
                    low: temperatureText(data.temp_low),
                    high: temperatureText(data.temp_high),
                  })
                : t('stations.weather.noTemps')}
            </div>
          </div>
        </div>
        <dl className="weather-sun">
          <div>
            <dt>
              <ArrowUpOutlined aria-hidden /> {t('stations.weather.sunrise')}
            </dt>
            <dd data-testid="weather-sunrise">{data.sun_rise ?? GAP_TEXT}</dd>
          </div>
          <div>
            <dt>
              <ArrowDownOutlined aria-hidden /> {t('stations.weather.sunset')}
            </dt>
            <dd data-testid="weather-sunset">{data.sun_down ?? GAP_TEXT}</dd>
          </div>
        </dl>
        <Typography.Text type="secondary" className="weather-note">
          {data.source === 'computed'
            ? t('stations.weather.computed', { zone: data.timezone })
            : t('stations.weather.localTime', { zone: data.timezone, date: data.date })}
        </Typography.Text>
      </div>
    );
  }

  return (
    <Card
      title={<SectionTitle>{t('stations.weather.title')}</SectionTitle>}
      className="station-section"
      data-testid="station-weather"
    >
      {body}
    </Card>
  );
}
