import { CopyOutlined, UploadOutlined } from '@ant-design/icons';
import type { FirmwareFileItem } from '@helio/contracts';
import { Button, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagerOf } from '../../../components/tables/pager.ts';
import { useFocusReturn, usePaginationFocus } from '../../../hooks/use-focus-return.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useDeleteFile, useFileList, useModelList } from '../api/catalogue.ts';
import { shortSha } from '../lib/task-view.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';
import { CatalogueTable, useDeleteColumn } from './catalogue-table.tsx';
import { PublishDialog } from './publish-dialog.tsx';

const PAGE_SIZE = 20;

/**
 * The catalogue's files, newest first, of one model or all: name, model, part, version and the
 * lowest it goes over, size, SHA-256 (short, copied whole), the key its signature verified with
 * and when it was published; "Publish firmware" opens the dialog, a file no unfinished task uses
 * is withdrawn after a question (200701 otherwise).
 */
export function FilePanel() {
  const { t } = useTranslation();
  const texts = useFirmwareTexts();
  const [modelId, setModelId] = useState<number>();
  const [page, setPage] = useState(1);
  const models = useModelList(undefined);
  const files = useFileList({
    page,
    page_size: PAGE_SIZE,
    ...(modelId === undefined ? {} : { model_id: modelId }),
  });
  const remove = useDeleteFile();
  const withdrawing = useDeleteColumn<FirmwareFileItem>({
    act: (item) => remove.mutateAsync(item.file_id),
    button: (item) => ({
      label: t('firmware.file.withdrawOf', { name: item.name }),
      testId: `firmware-file-withdraw-${item.file_id}`,
    }),
    buttonText: t('firmware.file.withdraw'),
    question: (item) => ({
      title: t('firmware.file.withdrawTitle'),
      question: t('firmware.file.withdrawQuestion', { name: item.name }),
    }),
    confirmTestId: 'firmware-file-confirm',
  });
  const [publishing, setPublishing] = useState(false);
  const opener = useFocusReturn();
  const pagerFocus = usePaginationFocus<HTMLDivElement>(`${page}|${files.isFetching}`);
  const total = files.data?.total ?? 0;

  const copy = (item: FirmwareFileItem) =>
    void navigator.clipboard
      ?.writeText(item.sha256)
      .then(() => notifySuccess(t('firmware.file.copied'), 'firmware-copied'));

  const columns: TableColumnsType<FirmwareFileItem> = [
    { key: 'name', title: t('firmware.file.name'), dataIndex: 'name' },
    {
      key: 'model',
      title: t('firmware.file.model'),
      render: (_, item) => `${item.model_name} (${item.series_name})`,
    },
    { key: 'part', title: t('firmware.file.part'), dataIndex: 'part' },
    { key: 'version', title: t('firmware.file.version'), dataIndex: 'version' },
    { key: 'min', title: t('firmware.file.minVersion'), render: (_, item) => item.min_version ?? '—' },
    { key: 'size', title: t('firmware.file.size'), render: (_, item) => texts.bytes(item.size_bytes) },
    {
      key: 'sha',
      title: t('firmware.file.sha256'),
      render: (_, item) => (
        <span className="firmware-sha">
          <code className="firmware-code" title={item.sha256}>
            {shortSha(item.sha256)}
          </code>
          <Button
            size="small"
            type="text"
            icon={<CopyOutlined aria-hidden />}
            onClick={() => copy(item)}
            aria-label={t('firmware.file.copyOf', { name: item.name })}
            title={t('firmware.file.copyOf', { name: item.name })}
          />
        </span>
      ),
    },
    { key: 'key', title: t('firmware.file.keyId'), render: (_, item) => <code>{item.key_id}</code> },
    { key: 'created', title: t('firmware.file.published'), render: (_, item) => texts.time(item.created_at) },
    withdrawing.column,
  ];

  return (
    <section
      className="firmware-part"
      aria-labelledby="firmware-files-title"
      data-testid="firmware-files"
      ref={pagerFocus}
    >
      <div className="firmware-part-header">
        <h2 id="firmware-files-title" className="firmware-heading">
          {t('firmware.file.title')}
        </h2>
        <Button
          type="primary"
          icon={<UploadOutlined aria-hidden />}
          onClick={() => {
            opener.remember();
            setPublishing(true);
          }}
          disabled={(models.data?.list.length ?? 0) === 0}
          data-testid="firmware-publish-open"
        >
          {t('firmware.file.publishTitle')}
        </Button>
      </div>
      <search className="table-toolbar">
        <Select<number | 'all'>
          className="table-filter"
          value={modelId ?? 'all'}
          aria-label={t('firmware.file.filterModel')}
          onChange={(value) => {
            setModelId(value === 'all' ? undefined : value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('firmware.file.allModels') },
            ...(models.data?.list ?? []).map((item) => ({ value: item.model_id, label: item.name })),
          ]}
          popupMatchSelectWidth={false}
          data-testid="firmware-file-filter"
        />
      </search>
      <CatalogueTable<FirmwareFileItem>
        caption={t('firmware.file.title')}
        rowKey="file_id"
        columns={columns}
        query={files}
        onRow={(item) => ({ 'data-testid': `firmware-file-${item.file_id}` }) as object}
        pagination={pagerOf({ page, pageSize: PAGE_SIZE, total, onChange: setPage })}
        empty={{ title: t('firmware.file.emptyTitle'), description: t('firmware.file.emptyDescription') }}
        testId="firmware-file-table"
      />
      <PublishDialog
        open={publishing}
        models={models.data?.list ?? []}
        onClose={() => setPublishing(false)}
        afterClose={opener.restore}
      />
      {withdrawing.dialog}
    </section>
  );
}
