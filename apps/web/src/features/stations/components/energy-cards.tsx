import { InfoCircleOutlined } from '@ant-design/icons';
import type { EnergyBlock, StationPowers } from '@helio/contracts';
import { Card, Progress, Segmented, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/empty-state.tsx';
import { describeError } from '../../../lib/api.ts';
import { QuietSkeleton } from '../../devices/index.ts';
import { useStationOverview, useStorageOverview } from '../api/plant.ts';
import { energyText, powerText } from '../lib/format.ts';
import { co2Text, hoursText, moneyText, percentText } from '../lib/plant-format.ts';
import { SectionTitle } from './section-title.tsx';

dayjs.extend(localizedFormat);

export type EnergyPeriod = 'today' | 'month' | 'year' | 'total';

/** The flows a station has: measured now, or with energy in its whole life. */
export interface StationFlows {
  grid: boolean;
  battery: boolean;
  ev: boolean;
  generator: boolean;
}

/** Which flows to show: those a device measures now, or that ever had energy. */
export function stationFlows(power: StationPowers, total: EnergyBlock, batteryCount = 0): StationFlows {
  return {
    grid: power.grid_w !== null || total.import_kwh > 0 || total.export_kwh > 0,
    battery: power.battery_w !== null || batteryCount > 0 || total.charge_kwh > 0 || total.discharge_kwh > 0,
    ev: power.ev_w !== null || total.ev_kwh > 0,
    generator: power.generator_w !== null || total.generator_kwh > 0,
  };
}

interface Figure {
  key: string;
  label: string;
  value: string;
  /** A rate, drawn as a bar under its value. */
  percent?: number | null;
  accent?: string;
  /** What the figure means, in words: shown beside its label on hover and focus, read with it. */
  help?: string;
}

/**
 * A figure's definition: a focusable info button whose tooltip shows the text on hover and on
 * keyboard focus; screen readers hear the text as the button's description.
 */
function FigureHelp({ label, help }: { label: string; help: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <Tooltip title={help} trigger={['hover', 'focus']}>
        <button
          type="button"
          className="energy-figure-help"
          aria-label={t('stations.energy.definitionOf', { name: label })}
          aria-describedby={id}
          style={{
            border: 0,
            background: 'none',
            padding: 0,
            marginInlineStart: 4,
            cursor: 'help',
            color: 'inherit',
          }}
        >
          <InfoCircleOutlined aria-hidden />
        </button>
      </Tooltip>
      <span id={id} className="visually-hidden">
        {help}
      </span>
    </>
  );
}

function FigureTile({ figure }: { figure: Figure }) {
  return (
    <div className={`energy-figure${figure.accent ? ` energy-figure-${figure.accent}` : ''}`}>
      <dt>
        {figure.label}
        {figure.help && <FigureHelp label={figure.label} help={figure.help} />}
      </dt>
      <dd data-testid={`station-figure-${figure.key}`}>{figure.value}</dd>
      {figure.percent !== undefined && (
        <Progress
          percent={figure.percent ?? 0}
          showInfo={false}
          size="small"
          strokeColor="#0f766e"
          aria-hidden
          className="energy-figure-bar"
        />
      )}
    </div>
  );
}

export interface EnergyCardsProps {
  power: StationPowers;
  blocks: Partial<Record<EnergyPeriod, EnergyBlock>>;
  flows: StationFlows;
  currency: string;
  updatedAt: string | null;
  /** Today's PV energy per kWp. */
  yieldHours?: number | null;
  /** The batteries now, where the station has them. */
  battery?: {
    socPct: number | null;
    state: 'charging' | 'discharging' | 'idle' | null;
    sohPct?: number | null;
  };
  /** Extra tiles after the figures "now" (e.g. an EMS 5000's state). */
  extra?: ReactNode;
}

/**
 * The figures on top of a station's detail: power now (and the batteries' charge), then the energy
 * of today, this month, this year or in total by flow as the station has them, the rates of
 * self-consumption and autarky (from the five-minute flows, their definitions beside them), the income in the station's currency and the CO2 saved. A period
 * without any report says "no data yet" rather than showing zeros.
 */
export function EnergyCards({
  power,
  blocks,
  flows,
  currency,
  updatedAt,
  yieldHours,
  battery,
  extra,
}: EnergyCardsProps) {
  const { t, i18n } = useTranslation();
  const periods = (['today', 'month', 'year', 'total'] as const).filter((period) => blocks[period]);
  const [period, setPeriod] = useState<EnergyPeriod>(periods[0] ?? 'today');
  const block = blocks[period];
  const shown = (value: number | undefined) => (block?.has_data ? value : null);

  const now: Figure[] = [
    { key: 'power', label: t('stations.energy.pvPower'), value: powerText(power.pv_w), accent: 'pv' },
    ...(power.load_w !== null
      ? [
          {
            key: 'load',
            label: t('stations.energy.loadPower'),
            value: powerText(power.load_w),
            accent: 'load',
          },
        ]
      : []),
    ...(battery
      ? [
          {
            key: 'soc',
            label: battery.state
              ? t('stations.energy.batteryState', {
                  state: t(`stations.energy.batteryStates.${battery.state}`),
                })
              : t('stations.energy.battery'),
            value: percentText(battery.socPct),
            percent: battery.socPct,
            accent: 'battery',
          },
        ]
      : []),
    ...(yieldHours !== undefined
      ? [{ key: 'yieldHours', label: t('stations.energy.yieldHours'), value: hoursText(yieldHours) }]
      : []),
  ];

  const energy: Figure[] = [
    { key: 'pv_kwh', label: t('stations.energy.pv'), value: energyText(shown(block?.pv_kwh)), accent: 'pv' },
    {
      key: 'consumption_kwh',
      label: t('stations.energy.consumption'),
      value: energyText(shown(block?.consumption_kwh)),
      accent: 'load',
    },
    ...(flows.grid
      ? [
          {
            key: 'import_kwh',
            label: t('stations.energy.import'),
            value: energyText(shown(block?.import_kwh)),
            accent: 'grid',
          },
          {
            key: 'export_kwh',
            label: t('stations.energy.export'),
            value: energyText(shown(block?.export_kwh)),
            accent: 'export',
          },
        ]
      : []),
    ...(flows.battery
      ? [
          {
            key: 'charge_kwh',
            label: t('stations.energy.charge'),
            value: energyText(shown(block?.charge_kwh)),
            accent: 'battery',
          },
          {
            key: 'discharge_kwh',
            label: t('stations.energy.discharge'),
            value: energyText(shown(block?.discharge_kwh)),
            accent: 'battery',
          },
        ]
      : []),
    ...(flows.ev
      ? [
          {
            key: 'ev_kwh',
            label: t('stations.energy.ev'),
            value: energyText(shown(block?.ev_kwh)),
            accent: 'ev',
          },
        ]
      : []),
    ...(flows.generator
      ? [
          {
            key: 'generator_kwh',
            label: t('stations.energy.generator'),
            value: energyText(shown(block?.generator_kwh)),
            accent: 'generator',
          },
        ]
      : []),
    {
      key: 'self_consumption',
      label: t('stations.energy.selfConsumption'),
      value: percentText(block?.self_consumption_pct),
      percent: block?.self_consumption_pct ?? null,
      help: t('stations.energy.selfConsumptionHelp'),
    },
    {
      key: 'autarky',
      label: t('stations.energy.autarky'),
      value: percentText(block?.autarky_pct),
      percent: block?.autarky_pct ?? null,
      help: t('stations.energy.autarkyHelp'),
    },
    {
      key: 'income',
      label: t('stations.energy.income'),
      value: moneyText(shown(block?.income), currency, i18n.language),
    },
    { key: 'co2', label: t('stations.energy.co2'), value: co2Text(shown(block?.co2_kg)) },
  ];

  return (
    <Card
      className="energy-cards"
      data-testid="station-figures"
      title={<SectionTitle>{t('stations.energy.title')}</SectionTitle>}
      extra={
        <Typography.Text type="secondary" data-testid="station-figures-updated">
          {updatedAt
            ? t('stations.energy.updatedAt', { time: dayjs(updatedAt).format('L LT') })
            : t('stations.noDataYet')}
        </Typography.Text>
      }
    >
      <dl className="energy-now" aria-label={t('stations.energy.now')}>
        {now.map((figure) => (
          <FigureTile key={figure.key} figure={figure} />
        ))}
        {extra}
      </dl>
      <div className="energy-period">
        <Segmented<EnergyPeriod>
          value={period}
          onChange={setPeriod}
          options={periods.map((value) => ({
            value,
            label: <span data-testid={`energy-period-${value}`}>{t(`stations.energy.period.${value}`)}</span>,
          }))}
          aria-label={t('stations.energy.periodLabel')}
        />
        {block && !block.has_data && (
          <Typography.Text type="secondary" data-testid="energy-no-data">
            {t('stations.energy.noData')}
          </Typography.Text>
        )}
      </div>
      <dl className="energy-figures" data-testid="energy-figures" data-period={period}>
        {energy.map((figure) => (
          <FigureTile key={figure.key} figure={figure} />
        ))}
      </dl>
    </Card>
  );
}

/** The figures card while its data loads, or failed to. */
export function EnergyCardsPending({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card
      className="energy-cards"
      data-testid="station-figures"
      title={<SectionTitle>{t('stations.energy.title')}</SectionTitle>}
    >
      {error ? (
        <LoadFailed text={describeError(error)} retryText={t('stations.retry')} onRetry={onRetry} />
      ) : (
        <QuietSkeleton paragraph={{ rows: 3 }} />
      )}
    </Card>
  );
}

/**
 * The figures of a battery station (types 1, 4, 5, 6): api/station/overview every 30 s, with the
 * batteries' charge from api/station/storage/overview.
 */
export function BatteryStationFigures({ stationId }: { stationId: number }) {
  const overview = useStationOverview(stationId);
  const storage = useStorageOverview(stationId);
  const data = overview.data;
  if (!data) return <EnergyCardsPending error={overview.error} onRetry={() => void overview.refetch()} />;
  const batteryCount = storage.data?.battery_count ?? 0;
  const flows = stationFlows(data.power, data.total, batteryCount);
  return (
    <EnergyCards
      power={data.power}
      blocks={{ today: data.today, month: data.month, year: data.year, total: data.total }}
      flows={flows}
      currency={data.currency}
      updatedAt={data.updated_at}
      yieldHours={data.today_yield_h}
      battery={
        flows.battery
          ? {
              socPct: storage.data?.soc_pct ?? data.power.soc_pct,
              state: storage.data?.state ?? null,
              sohPct: storage.data?.soh_pct ?? null,
            }
          : undefined
      }
    />
  );
}
