import type { statistics } from '@helio/contracts';
import { faultSeverities } from '@helio/contracts/device-link';
import { Card, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countText } from '../lib/format.ts';

/** Critical first: the most severe part of each bar comes first, in the alarm screens' colours. */
const severities = [...faultSeverities].reverse();

type View = 'happening' | 'raised';

/**
 * Alarms by device type as stacked bars (one segment per severity), for the alarms happening now
 * or those raised in the last days. Plain HTML rather than a chart library: every number is text a
 * screen reader reads, and nothing heavy loads.
 */
export function AlarmBars({ alarms }: { alarms: statistics.FleetStatistics['alarms'] }) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<View>('happening');
  const breakdown = alarms[view];
  const widest = Math.max(1, ...breakdown.by_device_type.map((row) => row.total));
  const severityList = (counts: Record<(typeof severities)[number], number>) =>
    severities
      .filter((severity) => counts[severity] > 0)
      .map((severity) => `${t(`alarms.severity.${severity}`)} ${countText(counts[severity], i18n.language)}`)
      .join(', ');

  return (
    <Card
      size="small"
      className="stats-panel"
      title={t('statistics.alarms.title')}
      data-testid="statistics-alarms"
      extra={
        <Segmented<View>
          size="small"
          value={view}
          onChange={setView}
          options={[
            { value: 'happening', label: t('statistics.alarms.happening') },
            { value: 'raised', label: t('statistics.alarms.raised', { days: alarms.window_days }) },
          ]}
        />
      }
    >
      <p className="stats-panel-note" data-testid="statistics-alarm-total">
        {breakdown.total === 0
          ? t(view === 'happening' ? 'statistics.alarms.noneHappening' : 'statistics.alarms.noneRaised', {
              days: alarms.window_days,
            })
          : t('statistics.alarms.total', {
              total: countText(breakdown.total, i18n.language),
              severities: severityList(breakdown.by_severity),
            })}
      </p>
      <ul className="stats-alarm-bars">
        {breakdown.by_device_type.map((row) => (
          <li key={row.device_type} className="stats-alarm-row">
            <span className="stats-alarm-type">{t(`devices.type.${row.device_type}`)}</span>
            <span
              className="stats-alarm-bar"
              role="img"
              aria-label={severityList(row)}
              style={{ width: `${(row.total / widest) * 100}%` }}
            >
              {severities.map(
                (severity) =>
                  row[severity] > 0 && (
                    <span
                      key={severity}
                      className={`stats-alarm-segment stats-alarm-${severity}`}
                      style={{ flexGrow: row[severity] }}
                      title={`${t(`alarms.severity.${severity}`)}: ${row[severity]}`}
                    />
                  ),
              )}
            </span>
            <span className="stats-alarm-count">{countText(row.total, i18n.language)}</span>
          </li>
        ))}
      </ul>
      {breakdown.total > 0 && (
        <div className="stats-alarm-legend" aria-hidden="true">
          {severities.map((severity) => (
            <span key={severity}>
              <span className={`stats-alarm-swatch stats-alarm-${severity}`} />
              {t(`alarms.severity.${severity}`)}
            </span>
          ))}
        </div>
      )}
    </Card>
  );
}
