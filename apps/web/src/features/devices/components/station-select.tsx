import { Select, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { type StationChoice, useStationChoice, useStationChoices } from '../api/devices.ts';

interface StationSelectProps {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** The chosen station with its type, once known (the register dialog offers device types by it). */
  onChoose?: (station: StationChoice | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  /** Set by a form item: its hint and error, whether it is wrong and required. */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
  'data-testid'?: string;
}

/**
 * A station of the caller's scope, searched by name on the server (api/station/list). A chosen
 * station that the current search does not list keeps its name: it is remembered, or fetched.
 */
export function StationSelect({
  id,
  value,
  onChange,
  onChoose,
  placeholder,
  allowClear,
  disabled,
  className,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  'aria-required': required,
  'data-testid': testId,
}: StationSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  // The list is asked for once the picker opens; the chosen station alone until then.
  const choices = useStationChoices(keyword, open || value === undefined);

  const seen = useRef(new Map<number, StationChoice>());
  for (const station of choices.data?.list ?? []) seen.current.set(station.station_id, station);
  const known = value === undefined ? undefined : seen.current.get(value);
  const fetched = useStationChoice(value !== undefined && !known ? value : undefined);
  if (fetched.data) seen.current.set(fetched.data.station_id, fetched.data);
  const chosen = known ?? fetched.data;

  const listed = choices.data?.list ?? [];
  const stations =
    chosen && !listed.some((item) => item.station_id === chosen.station_id) ? [chosen, ...listed] : listed;
  const options = stations.map((station) => ({
    value: station.station_id,
    label: station.station_name,
    type: station.station_type,
  }));

  const choose = (next: number | undefined) => {
    onChange?.(next);
    onChoose?.(next === undefined ? undefined : seen.current.get(next));
  };

  return (
    <Select<number>
      id={id}
      className={className}
      data-testid={testId}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      aria-required={required}
      value={value}
      onChange={(next) => choose(next ?? undefined)}
      onOpenChange={setOpen}
      options={options}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={choices.isFetching || fetched.isFetching}
      popupMatchSelectWidth={false}
      popupRender={(menu) => (
        <>
          {menu}
          {(choices.data?.total ?? 0) > listed.length && (
            <div className="station-select-more">
              {t('devices.stationPicker.more', { shown: listed.length })}
            </div>
          )}
        </>
      )}
      notFoundContent={choices.isFetching ? <Spin size="small" /> : t('devices.stationPicker.none')}
      optionRender={(option) => (
        <span className="station-option" data-testid={`device-station-option-${option.value}`}>
          <span className="station-option-name">{option.label}</span>
          <span className="station-option-type">{t(`devices.stationType.${option.data.type}`)}</span>
        </span>
      )}
    />
  );
}
