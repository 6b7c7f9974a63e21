import { ClearOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  type AlarmState,
  alarmStates,
  type DeviceType,
  deviceTypes,
  type ProcessingState,
  processingStates,
} from '@helio/contracts';
import { type FaultSeverity, faultSeverities } from '@helio/contracts/device-link';
import { Button, Input, Select } from 'antd';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeRangeField } from '../../../components/time-range-field.tsx';
import { focusFirst, focusLost } from '../../../lib/focus.ts';
import { StationSelect } from '../../devices/index.ts';
import { type AlarmListFilters, isFiltered, SN_MAX_LENGTH } from '../lib/filters.ts';

/** A search runs once typing has paused this long, or at once on Enter. */
const SEARCH_DELAY_MS = 400;
/** The "all" choice of a filter: antd's Select cannot show `undefined` as a chosen option. */
const ALL = 'all';

interface AlarmFiltersProps {
  filters: AlarmListFilters;
  onChange: (change: Partial<AlarmListFilters>) => void;
  onClear: () => void;
  onRefresh: () => void;
  /** Why the time range is refused (200601, 200603), shown under it. */
  rangeError?: string | undefined;
  /** Further actions at the end of the toolbar (export). */
  actions?: ReactNode;
}

/**
 * The alarm list's filters: SN, station, device type, severity, state, processing state and the
 * time the alarms started in (a date-time range of at most 30 days: the picker offers no longer
 * one, and a range from the address that breaks the rules is said under the field).
 */
export function AlarmFilters({
  filters,
  onChange,
  onClear,
  onRefresh,
  rangeError,
  actions,
}: AlarmFiltersProps) {
  const { t } = useTranslation();

  // The SN box: applied once typing pauses; follows the address when it changes (back, forward).
  const [search, setSearch] = useState(filters.sn);
  useEffect(() => {
    setSearch((current) => (current.trim() === filters.sn ? current : filters.sn));
  }, [filters.sn]);
  const applySn = (text: string) => {
    const sn = text.trim().slice(0, SN_MAX_LENGTH);
    if (sn !== filters.sn) onChange({ sn });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the search follows the text alone
  useEffect(() => {
    const timer = window.setTimeout(() => applySn(search), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  // "Clear filters" goes when nothing is filtered any more. If it had focus, focus goes to the first
  // filter when it was pressed, else (a range emptied, then Tab onto it) to the control after it.
  const toolbar = useRef<HTMLElement>(null);
  const clearing = useRef(false);
  // Cleared, the time range also forgets an end typed alone (which filters nothing yet).
  const [rangeRound, setRangeRound] = useState(0);
  const filtered = isFiltered(filters);
  const wasFiltered = useRef(filtered);
  useLayoutEffect(() => {
    const cleared = wasFiltered.current && !filtered;
    wasFiltered.current = filtered;
    if (!cleared) return;
    const pressed = clearing.current;
    clearing.current = false;
    if (!focusLost()) return;
    const find = (selector: string) => toolbar.current?.querySelector<HTMLElement>(selector);
    focusFirst(
      find(pressed ? '[data-testid="alarm-sn-filter"] input' : '[data-testid="alarm-refresh"]'),
      find('[data-testid="alarm-sn-filter"] input'),
    );
  }, [filtered]);

  return (
    <search ref={toolbar} className="table-toolbar alarm-toolbar" data-testid="alarm-filters">
      <Input.Search
        className="table-search"
        allowClear
        value={search}
        maxLength={SN_MAX_LENGTH}
        placeholder={t('alarms.filter.snPlaceholder')}
        aria-label={t('alarms.filter.sn')}
        onChange={(event) => setSearch(event.target.value)}
        onSearch={applySn}
        data-testid="alarm-sn-filter"
      />
      <StationSelect
        className="table-filter alarm-station-filter"
        value={filters.stationId}
        onChange={(next) => onChange({ stationId: next })}
        allowClear
        placeholder={t('alarms.filter.stationAll')}
        aria-label={t('alarms.filter.station')}
        data-testid="alarm-station-filter"
      />
      <Select<DeviceType | typeof ALL>
        className="table-filter"
        value={filters.deviceType ?? ALL}
        aria-label={t('alarms.filter.deviceType')}
        onChange={(next) => onChange({ deviceType: next === ALL ? undefined : next })}
        options={[
          { value: ALL, label: t('alarms.filter.deviceTypeAll') },
          ...deviceTypes.map((type) => ({ value: type, label: t(`devices.type.${type}`) })),
        ]}
        popupMatchSelectWidth={false}
        data-testid="alarm-type-filter"
      />
      <Select<FaultSeverity | typeof ALL>
        className="table-filter"
        value={filters.severity ?? ALL}
        aria-label={t('alarms.filter.severity')}
        onChange={(next) => onChange({ severity: next === ALL ? undefined : next })}
        options={[
          { value: ALL, label: t('alarms.filter.severityAll') },
          ...[...faultSeverities].reverse().map((severity) => ({
            value: severity,
            label: t(`alarms.severity.${severity}`),
          })),
        ]}
        data-testid="alarm-severity-filter"
      />
      <Select<AlarmState | typeof ALL>
        className="table-filter"
        value={filters.state ?? ALL}
        aria-label={t('alarms.filter.state')}
        onChange={(next) => onChange({ state: next === ALL ? undefined : next })}
        options={[
          { value: ALL, label: t('alarms.filter.stateAll') },
          ...alarmStates.map((state) => ({
            value: state,
            label: <span data-testid={`alarm-state-option-${state}`}>{t(`alarms.state.${state}`)}</span>,
          })),
        ]}
        data-testid="alarm-state-filter"
      />
      <Select<ProcessingState | typeof ALL>
        className="table-filter"
        value={filters.processingState ?? ALL}
        aria-label={t('alarms.filter.processingState')}
        onChange={(next) => onChange({ processingState: next === ALL ? undefined : next })}
        options={[
          { value: ALL, label: t('alarms.filter.processingAll') },
          ...processingStates.map((state) => ({
            value: state,
            label: (
              <span data-testid={`alarm-processing-option-${state}`}>{t(`alarms.processing.${state}`)}</span>
            ),
          })),
        ]}
        data-testid="alarm-processing-filter"
      />
      <TimeRangeField
        key={rangeRound}
        value={{ startTime: filters.startTime, endTime: filters.endTime }}
        onChange={onChange}
        error={rangeError}
        testId="alarm-range-filter"
      />
      <div className="alarm-toolbar-actions">
        {filtered && (
          <Button
            icon={<ClearOutlined />}
            onClick={() => {
              clearing.current = true;
              setSearch('');
              setRangeRound((round) => round + 1);
              onClear();
            }}
            data-testid="alarm-clear-filters"
          >
            {t('alarms.clearFilters')}
          </Button>
        )}
        <Button
          icon={<ReloadOutlined />}
          onClick={onRefresh}
          aria-label={t('alarms.refresh')}
          title={t('alarms.refresh')}
          data-testid="alarm-refresh"
        />
        {actions}
      </div>
    </search>
  );
}
