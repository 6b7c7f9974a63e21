import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { type StationListColumn, station } from '@helio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopupFocus } from '../../../hooks/use-focus-return.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { saveStationColumns, stationColumnsKey } from '../api/stations.ts';
import { FIXED_COLUMN, moveColumn, pickerOrder, toggleColumn } from '../lib/columns.ts';

const { defaultStationListColumns, MAX_STATION_LIST_COLUMNS } = station;

interface ColumnPickerProps {
  columns: readonly StationListColumn[];
  /** The demo account may not save (9001): its choice lasts for the visit. */
  canSave: boolean;
  onLocalChange: (columns: StationListColumn[]) => void;
}

/**
 * Chooses and orders the station list's columns. The choice is saved on the server
 * (api/station/list/columns), so it follows the user to another browser. The popover takes the
 * focus when it opens (its first column that can be changed) and gives it back to its button
 * when it closes (Esc, apply, or a click outside).
 */
export function ColumnPicker({ columns, canSave, onLocalChange }: ColumnPickerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<StationListColumn[]>([...columns]);
  const contentRef = usePopupFocus<HTMLDivElement>(open, '.ant-checkbox-input:not([disabled])');

  const save = useMutation({
    mutationFn: saveStationColumns,
    onSuccess: (answer) => {
      queryClient.setQueryData(stationColumnsKey, answer);
      notifySuccess(t('stations.columnsSaved'), 'station-columns');
      setOpen(false);
    },
  });

  const apply = (next: StationListColumn[]) => {
    if (!canSave) {
      onLocalChange(next);
      setOpen(false);
      return;
    }
    save.mutate(next);
  };

  const full = draft.length >= MAX_STATION_LIST_COLUMNS;

  const content = (
    <div className="column-picker" data-testid="column-picker" ref={contentRef}>
      <Typography.Paragraph type="secondary" className="column-picker-note">
        {canSave ? t('stations.columnsNote') : t('stations.columnsNoteDemo')}
      </Typography.Paragraph>
      <ul className="column-picker-list">
        {pickerOrder(draft).map((column) => {
          const chosen = draft.includes(column);
          const index = draft.indexOf(column);
          return (
            <li key={column} className="column-picker-item">
              <Checkbox
                checked={chosen}
                disabled={column === FIXED_COLUMN || (!chosen && full)}
                onChange={(event) => setDraft(toggleColumn(draft, column, event.target.checked))}
                data-testid={`column-${column}`}
              >
                {t(`stations.column.${column}`)}
              </Checkbox>
              {chosen && (
                <span className="column-picker-move">
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined aria-hidden />}
                    disabled={index === 0}
                    aria-label={t('stations.columnUp', { column: t(`stations.column.${column}`) })}
                    onClick={() => setDraft(moveColumn(draft, column, -1))}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined aria-hidden />}
                    disabled={index === draft.length - 1}
                    aria-label={t('stations.columnDown', { column: t(`stations.column.${column}`) })}
                    onClick={() => setDraft(moveColumn(draft, column, 1))}
                  />
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <div className="column-picker-actions">
        <Button size="small" onClick={() => setDraft([...defaultStationListColumns])}>
          {t('stations.columnsDefault')}
        </Button>
        <Button
          size="small"
          type="primary"
          loading={save.isPending}
          onClick={() => apply(draft)}
          data-testid="columns-apply"
        >
          {t('stations.columnsApply')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft([...columns]);
        setOpen(next);
      }}
      trigger="click"
      placement="bottomRight"
      title={t('stations.columnsTitle')}
      content={content}
    >
      <Button icon={<SettingOutlined aria-hidden />} data-testid="station-columns">
        {t('stations.columns')}
      </Button>
    </Popover>
  );
}
