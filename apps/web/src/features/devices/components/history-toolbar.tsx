import { DatePicker, Segmented, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TableViewToggle } from '../../../components/charts/table-view-toggle.tsx';
import {
  customRangeAllowed,
  type HistoryPreset,
  type HistoryRange,
  historyPresets,
  presetDays,
} from '../lib/history-range.ts';
import type { HistoryView } from '../lib/history-view.ts';
import { useReadingTexts } from '../lib/use-reading-texts.ts';

interface HistoryToolbarProps {
  range: HistoryRange;
  /** The station's date now, YYYY-MM-DD: presets end on it, and no later day can be chosen. */
  today: string;
  onRange: (range: HistoryRange) => void;
  /** The fields the range has that can be plotted, and those shown. */
  available: readonly string[];
  fields: readonly string[];
  onFields: (fields: string[]) => void;
  view: HistoryView;
  onView: (view: HistoryView) => void;
}

const DATE = 'YYYY-MM-DD';

/** The history's range (presets or chosen days), its fields, and a table view of its numbers instead of the chart. */
export function HistoryToolbar(props: HistoryToolbarProps) {
  const { range, today, onRange, available, fields, onFields, view, onView } = props;
  const { t } = useTranslation();
  const { fieldLabel } = useReadingTexts();

  const choosePreset = (preset: HistoryPreset) =>
    // Custom days start from the days shown, for the picker to adjust.
    onRange(preset === 'custom' ? { preset, from: range.from, to: range.to } : presetDays(preset, today));

  const chooseDays = (days: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = days ?? [];
    if (from && to) onRange({ preset: 'custom', from: from.format(DATE), to: to.format(DATE) });
  };

  // The picker's days are calendar days; the range reads them in the station's zone.
  const disabledDate = (day: Dayjs, info: { from?: Dayjs }) => {
    const text = day.format(DATE);
    if (text > today) return true;
    if (!info.from) return false;
    const start = info.from.format(DATE);
    return text < start ? !customRangeAllowed(text, start) : !customRangeAllowed(start, text);
  };

  return (
    <div className="history-toolbar">
      <div className="history-range">
        <Segmented<HistoryPreset>
          value={range.preset}
          onChange={choosePreset}
          options={historyPresets.map((preset) => ({
            value: preset,
            label: (
              <span data-testid={`history-preset-${preset}`}>{t(`devices.history.preset.${preset}`)}</span>
            ),
          }))}
          aria-label={t('devices.history.presets')}
          // The radio buttons inside take the focus; the group itself is no extra stop.
          tabIndex={-1}
        />
        {range.preset === 'custom' && (
          <DatePicker.RangePicker
            value={[dayjs(range.from), dayjs(range.to)]}
            onChange={chooseDays}
            disabledDate={disabledDate}
            allowClear={false}
            aria-label={t('devices.history.customRange')}
            data-testid="history-days"
          />
        )}
      </div>
      <Select<string[]>
        mode="multiple"
        className="history-fields"
        value={[...fields]}
        onChange={onFields}
        options={available.map((field) => ({ value: field, label: fieldLabel(field, true) }))}
        placeholder={t('devices.history.fieldsPlaceholder')}
        aria-label={t('devices.history.fields')}
        data-testid="history-fields"
      />
      <TableViewToggle
        pressed={view === 'table'}
        onChange={(table) => onView(table ? 'table' : 'chart')}
        label={t('devices.history.tableView')}
        testId="history-view-table"
      />
    </div>
  );
}
