import { PlusOutlined } from '@ant-design/icons';
import type { FirmwareModelItem } from '@helio/contracts';
import { Button, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from '../../../hooks/use-focus-return.ts';
import { useDeleteModel, useModelList, useSeriesList } from '../api/catalogue.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';
import { CatalogueTable, useDeleteColumn } from './catalogue-table.tsx';
import { ModelDialog } from './model-dialog.tsx';

/**
 * The catalogue's models, of one series or all: device type, parts, how many devices of the
 * model are registered and how many files it has; a new one added in a dialog, one without files
 * deleted after a question (200701 otherwise).
 */
export function ModelPanel() {
  const { t } = useTranslation();
  const texts = useFirmwareTexts();
  const [seriesId, setSeriesId] = useState<number>();
  const series = useSeriesList();
  const models = useModelList(seriesId);
  const remove = useDeleteModel();
  const deleting = useDeleteColumn<FirmwareModelItem>({
    act: (item) => remove.mutateAsync(item.model_id),
    button: (item) => ({
      label: t('firmware.deleteOf', { name: item.name }),
      testId: `firmware-model-delete-${item.model_id}`,
    }),
    question: (item) => ({
      title: t('firmware.model.deleteTitle'),
      question: t('firmware.model.deleteQuestion', { name: item.name }),
    }),
    confirmTestId: 'firmware-model-confirm',
  });
  const [adding, setAdding] = useState(false);
  const opener = useFocusReturn();

  const columns: TableColumnsType<FirmwareModelItem> = [
    { key: 'name', title: t('firmware.model.name'), dataIndex: 'name' },
    { key: 'series', title: t('firmware.model.series'), dataIndex: 'series_name' },
    {
      key: 'type',
      title: t('firmware.model.deviceType'),
      render: (_, item) => texts.deviceType(item.device_type),
    },
    {
      key: 'parts',
      title: t('firmware.model.parts'),
      render: (_, item) => item.parts.map((part) => <Tag key={part}>{part}</Tag>),
    },
    { key: 'devices', title: t('firmware.model.devices'), render: (_, item) => texts.number(item.devices) },
    { key: 'files', title: t('firmware.model.files'), render: (_, item) => texts.number(item.files) },
    deleting.column,
  ];

  return (
    <section className="firmware-part" aria-labelledby="firmware-models-title" data-testid="firmware-models">
      <div className="firmware-part-header">
        <h2 id="firmware-models-title" className="firmware-heading">
          {t('firmware.model.title')}
        </h2>
        <Button
          icon={<PlusOutlined aria-hidden />}
          onClick={() => {
            opener.remember();
            setAdding(true);
          }}
          disabled={(series.data?.list.length ?? 0) === 0}
          data-testid="firmware-model-new"
        >
          {t('firmware.model.add')}
        </Button>
      </div>
      <search className="table-toolbar">
        <Select<number | 'all'>
          className="table-filter"
          value={seriesId ?? 'all'}
          aria-label={t('firmware.model.filterSeries')}
          onChange={(value) => setSeriesId(value === 'all' ? undefined : value)}
          options={[
            { value: 'all', label: t('firmware.model.allSeries') },
            ...(series.data?.list ?? []).map((item) => ({ value: item.series_id, label: item.name })),
          ]}
          popupMatchSelectWidth={false}
          data-testid="firmware-model-filter"
        />
      </search>
      <CatalogueTable<FirmwareModelItem>
        caption={t('firmware.model.title')}
        rowKey="model_id"
        columns={columns}
        query={models}
        empty={{ title: t('firmware.model.emptyTitle'), description: t('firmware.model.emptyDescription') }}
        testId="firmware-model-table"
      />
      <ModelDialog
        open={adding}
        series={series.data?.list ?? []}
        seriesId={seriesId}
        onClose={() => setAdding(false)}
        afterClose={opener.restore}
      />
      {deleting.dialog}
    </section>
  );
}
