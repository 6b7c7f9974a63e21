import { DownloadOutlined } from '@ant-design/icons';
import { charging, DEFAULT_PAGE_SIZE, isLanguage } from '@helio/contracts';
import { Button, Card, Input, Select } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { useFileExport } from '../../../hooks/use-file-export.ts';
import { describeError } from '../../../lib/api.ts';
import { schemaProblems } from '../../../lib/form-problems.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { SectionTitle } from '../../stations/index.ts';
import { askRecordsExport, type RecordsFilter, useChargingRecords } from '../api/charging.ts';
import { MonthlyTotals } from './monthly-totals.tsx';
import { RecordsTable } from './records-table.tsx';

const PAGE_SIZES = [10, 20, 50, 100];

interface DateRange {
  start: string;
  end: string;
}

/** The contracts' own check of a range (the end not before the start): its validation key, if refused. */
function rangeProblemOf(stationId: number, range: DateRange): string | undefined {
  return schemaProblems(charging.records.body, {
    station_id: stationId,
    ...(range.start ? { start_date: range.start } : {}),
    ...(range.end ? { end_date: range.end } : {}),
  }).get('end_date');
}

export interface RecordsCardProps {
  stationId: number;
  /** The station's chargers, for the filter (the records' own list once they have come). */
  chargers: readonly { sn: string }[];
}

/**
 * The station's charging records (SPEC.md §2 "charging records"): filtered by charger and by the
 * station-local dates sessions started, paged, with the totals of every matching session, the
 * monthly totals, and every matching session exported as an .xlsx file.
 */
export function RecordsCard({ stationId, chargers }: RecordsCardProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [sn, setSn] = useState<string>();
  const [dates, setDates] = useState<DateRange>({ start: '', end: '' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const rangeProblem = rangeProblemOf(stationId, dates);
  const [applied, setApplied] = useState<DateRange>({ start: '', end: '' });
  const filter: RecordsFilter = {
    stationId,
    sn,
    startDate: applied.start || undefined,
    endDate: applied.end || undefined,
    page,
    pageSize,
  };
  const records = useChargingRecords(filter);
  const exporting = useFileExport(askRecordsExport, (asked) => `charging-records-${asked.stationId}`);
  const data = records.data;
  const choices = data?.chargers ?? chargers;
  const filtered = sn !== undefined || filter.startDate !== undefined || filter.endDate !== undefined;

  const changeDate = (end: 'start' | 'end', value: string) => {
    const next = { ...dates, [end]: value };
    setDates(next);
    // a range the check refuses is said under it and not asked for
    if (!rangeProblemOf(stationId, next)) {
      setApplied(next);
      setPage(1);
    }
  };

  const runExport = () => {
    if (exporting.running) return;
    exporting
      .start(filter, isLanguage(i18n.language) ? i18n.language : 'en')
      .then((file) => notifySuccess(t('charging.records.exported', { file }), 'charging-export'))
      .catch(() => undefined);
  };

  const empty = records.isError ? (
    <LoadFailed
      text={describeError(records.error)}
      retryText={t('charging.retry')}
      onRetry={() => void records.refetch()}
    />
  ) : filtered ? (
    <EmptyState
      title={t('charging.records.noMatchTitle')}
      description={t('charging.records.noMatch')}
      testId="charging-records-empty"
    />
  ) : (
    <EmptyState
      title={t('charging.records.noneTitle')}
      description={t('charging.records.none')}
      testId="charging-records-empty"
    />
  );

  return (
    <Card
      title={<SectionTitle>{t('charging.records.title')}</SectionTitle>}
      className="station-section station-section-wide charging-records"
      data-testid="charging-records"
      extra={
        <Button
          icon={<DownloadOutlined aria-hidden />}
          onClick={runExport}
          loading={exporting.running}
          aria-busy={exporting.running}
          disabled={(data?.total ?? 0) === 0}
          data-testid="charging-records-export"
        >
          {t('charging.records.export')}
        </Button>
      }
    >
      <search className="charging-filters" aria-label={t('charging.records.filters')}>
        {choices.length > 1 && (
          <Select<string>
            allowClear
            value={sn}
            placeholder={t('charging.records.allChargers')}
            aria-label={t('charging.records.chargerFilter')}
            onChange={(value) => {
              setSn(value);
              setPage(1);
            }}
            options={choices.map((charger) => ({ value: charger.sn, label: charger.sn }))}
            className="charging-filter"
            data-testid="charging-records-charger"
          />
        )}
        <span className="charging-date-field">
          <label htmlFor={`${id}-from`}>{t('charging.records.from')}</label>
          <Input
            id={`${id}-from`}
            type="date"
            value={dates.start}
            onChange={(event) => changeDate('start', event.target.value)}
            className="charging-date"
            data-testid="charging-records-from"
          />
        </span>
        <span className="charging-date-field">
          <label htmlFor={`${id}-to`}>{t('charging.records.to')}</label>
          <Input
            id={`${id}-to`}
            type="date"
            value={dates.end}
            onChange={(event) => changeDate('end', event.target.value)}
            status={rangeProblem ? 'error' : undefined}
            aria-invalid={rangeProblem !== undefined}
            aria-describedby={rangeProblem ? `${id}-range` : undefined}
            className="charging-date"
            data-testid="charging-records-to"
          />
        </span>
      </search>
      {rangeProblem && (
        <p
          id={`${id}-range`}
          className="charging-problem"
          role="alert"
          data-testid="charging-records-range-problem"
        >
          {t(rangeProblem, { ns: 'validation', keySeparator: false })}
        </p>
      )}
      <RecordsTable
        data={data}
        loading={records.isPending || records.isPlaceholderData}
        empty={records.isPending ? <span /> : empty}
        pagination={{
          current: page,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('charging.records.count', { total }),
          hideOnSinglePage: false,
          onChange: (nextPage, nextSize) => {
            setPage(nextSize === pageSize ? nextPage : 1);
            setPageSize(nextSize);
          },
        }}
      />
      {data && <MonthlyTotals data={data} />}
      {data && (
        <p className="charging-muted" data-testid="charging-records-zone">
          {t('charging.zone', { zone: data.timezone })}
        </p>
      )}
    </Card>
  );
}
