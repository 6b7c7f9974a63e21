import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FirmwareModelItem } from '@helio/contracts';
import { Button, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFocusReturn, useKeyboardScroll } from '../../../hooks/use-focus-return.ts';
import { useDeleteModel, useModelList, useSeriesList } from '../api/catalogue.ts';
import { useConfirmAct } from '../hooks/use-confirm-act.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';
import { ListFailed } from './catalogue-state.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { ModelDialog } from './model-dialog.tsx';

/**
 * The catalogue's models, of one series or all: device type, parts, how many devices of the
 * model are registered and how many files it has; a new one added in a dialog, one without files
 * deleted after a question (200701 otherwise).
 */
export function ModelPanel() {
  const { t } = useTranslation();
  // a table wider than its box scrolls: by keyboard too when nothing in it takes the focus
  const scroll = useKeyboardScroll<HTMLDivElement>(t('firmware.model.title'));
  const texts = useFirmwareTexts();
  const [seriesId, setSeriesId] = useState<number>();
  const series = useSeriesList();
  const models = useModelList(seriesId);
  const remove = useDeleteModel();
  const deleting = useConfirmAct((item: FirmwareModelItem) => remove.mutateAsync(item.model_id));
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
    {
      key: 'actions',
      title: t('firmware.actions'),
      render: (_, item) => (
        <Button
          size="small"
          type="link"
          danger
          icon={<DeleteOutlined aria-hidden />}
          onClick={() => deleting.ask(item)}
          aria-label={t('firmware.deleteOf', { name: item.name })}
          data-testid={`firmware-model-delete-${item.model_id}`}
        >
          {t('firmware.delete')}
        </Button>
      ),
    },
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
      <div ref={scroll}>
        <Table<FirmwareModelItem>
          rowKey="model_id"
          size="small"
          caption={<span className="visually-hidden">{t('firmware.model.title')}</span>}
          columns={columns}
          dataSource={models.data?.list ?? []}
          loading={models.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{
            emptyText: models.isError ? (
              <ListFailed error={models.error} onRetry={() => void models.refetch()} />
            ) : models.isPending ? (
              <span role="status">{t('firmware.loading')}</span>
            ) : (
              <EmptyState
                title={t('firmware.model.emptyTitle')}
                description={t('firmware.model.emptyDescription')}
              />
            ),
          }}
          data-testid="firmware-model-table"
        />
      </div>
      <ModelDialog
        open={adding}
        series={series.data?.list ?? []}
        seriesId={seriesId}
        onClose={() => setAdding(false)}
        afterClose={opener.restore}
      />
      <ConfirmDelete
        subject={
          deleting.item && {
            title: t('firmware.model.deleteTitle'),
            question: t('firmware.model.deleteQuestion', { name: deleting.item.name }),
          }
        }
        pending={deleting.pending}
        failure={deleting.failure}
        onConfirm={() => void deleting.confirm()}
        onCancel={deleting.cancel}
        testId="firmware-model-confirm"
      />
    </section>
  );
}
