import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type FirmwareSeriesItem, firmware } from '@helio/contracts';
import { Button, Form, Input, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useKeyboardScroll } from '../../../hooks/use-focus-return.ts';
import { useFormProblems } from '../../../hooks/use-form-problems.ts';
import { describeError } from '../../../lib/api.ts';
import { useAddSeries, useDeleteSeries, useSeriesList } from '../api/catalogue.ts';
import { useConfirmAct } from '../hooks/use-confirm-act.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';
import { ListFailed } from './catalogue-state.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';

const fields = ['name'] as const;

/**
 * The catalogue's series: each with how many models it has, a new one added by its name (7000
 * when the name exists, said under the field), and one without models deleted after a question
 * (7001 otherwise, said in the question's dialog).
 */
export function SeriesPanel() {
  const { t } = useTranslation();
  // a table wider than its box scrolls: by keyboard too when nothing in it takes the focus
  const scroll = useKeyboardScroll<HTMLDivElement>(t('firmware.series.title'));
  const texts = useFirmwareTexts();
  const series = useSeriesList();
  const add = useAddSeries();
  const remove = useDeleteSeries();
  const [form] = Form.useForm<{ name: string }>();
  const problems = useFormProblems(form, firmware.seriesAdd.body, fields);
  const deleting = useConfirmAct((item: FirmwareSeriesItem) => remove.mutateAsync(item.series_id));

  const submit = ({ name }: { name: string }) =>
    add.mutate(name.trim(), {
      onSuccess: () => form.resetFields(),
      onError: (error) => form.setFields([{ name: 'name', errors: [describeError(error)] }]),
    });

  const columns: TableColumnsType<FirmwareSeriesItem> = [
    { key: 'name', title: t('firmware.series.name'), dataIndex: 'name' },
    { key: 'models', title: t('firmware.series.models'), render: (_, item) => texts.number(item.models) },
    { key: 'created', title: t('firmware.created'), render: (_, item) => texts.time(item.created_at) },
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
          data-testid={`firmware-series-delete-${item.series_id}`}
        >
          {t('firmware.delete')}
        </Button>
      ),
    },
  ];

  return (
    <section className="firmware-part" aria-labelledby="firmware-series-title" data-testid="firmware-series">
      <h2 id="firmware-series-title" className="firmware-heading">
        {t('firmware.series.title')}
      </h2>
      <Form<{ name: string }>
        form={form}
        name="firmware-series-add"
        layout="inline"
        className="firmware-inline-form"
        onFinish={submit}
        validateTrigger="onSubmit"
        disabled={add.isPending}
      >
        <Form.Item name="name" label={t('firmware.series.newName')} rules={[problems.rule('name')]} required>
          <Input maxLength={60} autoComplete="off" data-testid="firmware-series-name" />
        </Form.Item>
        <Form.Item>
          <Button
            htmlType="submit"
            icon={<PlusOutlined aria-hidden />}
            loading={add.isPending}
            data-testid="firmware-series-add"
          >
            {t('firmware.series.add')}
          </Button>
        </Form.Item>
      </Form>
      <div ref={scroll}>
        <Table<FirmwareSeriesItem>
          rowKey="series_id"
          size="small"
          caption={<span className="visually-hidden">{t('firmware.series.title')}</span>}
          columns={columns}
          dataSource={series.data?.list ?? []}
          loading={series.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{
            emptyText: series.isError ? (
              <ListFailed error={series.error} onRetry={() => void series.refetch()} />
            ) : series.isPending ? (
              <span role="status">{t('firmware.loading')}</span>
            ) : (
              <EmptyState
                title={t('firmware.series.emptyTitle')}
                description={t('firmware.series.emptyDescription')}
              />
            ),
          }}
          data-testid="firmware-series-table"
        />
      </div>
      <ConfirmDelete
        subject={
          deleting.item && {
            title: t('firmware.series.deleteTitle'),
            question: t('firmware.series.deleteQuestion', { name: deleting.item.name }),
          }
        }
        pending={deleting.pending}
        failure={deleting.failure}
        onConfirm={() => void deleting.confirm()}
        onCancel={deleting.cancel}
        testId="firmware-series-confirm"
      />
    </section>
  );
}
