import { PlusOutlined } from '@ant-design/icons';
import { type FirmwareSeriesItem, firmware } from '@helio/contracts';
import { Button, Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormProblems } from '../../../hooks/use-form-problems.ts';
import { describeError } from '../../../lib/api.ts';
import { useAddSeries, useDeleteSeries, useSeriesList } from '../api/catalogue.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';
import { CatalogueTable, useDeleteColumn } from './catalogue-table.tsx';

const fields = ['name'] as const;

/**
 * The catalogue's series: each with how many models it has, a new one added by its name (7000
 * when the name exists, said under the field), and one without models deleted after a question
 * (7001 otherwise, said in the question's dialog).
 */
export function SeriesPanel() {
  const { t } = useTranslation();
  const texts = useFirmwareTexts();
  const series = useSeriesList();
  const add = useAddSeries();
  const remove = useDeleteSeries();
  const [form] = Form.useForm<{ name: string }>();
  const problems = useFormProblems(form, firmware.seriesAdd.body, fields);
  const deleting = useDeleteColumn<FirmwareSeriesItem>({
    act: (item) => remove.mutateAsync(item.series_id),
    button: (item) => ({
      label: t('firmware.deleteOf', { name: item.name }),
      testId: `firmware-series-delete-${item.series_id}`,
    }),
    question: (item) => ({
      title: t('firmware.series.deleteTitle'),
      question: t('firmware.series.deleteQuestion', { name: item.name }),
    }),
    confirmTestId: 'firmware-series-confirm',
  });

  const submit = ({ name }: { name: string }) =>
    add.mutate(name.trim(), {
      onSuccess: () => form.resetFields(),
      onError: (error) => form.setFields([{ name: 'name', errors: [describeError(error)] }]),
    });

  const columns: TableColumnsType<FirmwareSeriesItem> = [
    { key: 'name', title: t('firmware.series.name'), dataIndex: 'name' },
    { key: 'models', title: t('firmware.series.models'), render: (_, item) => texts.number(item.models) },
    { key: 'created', title: t('firmware.created'), render: (_, item) => texts.time(item.created_at) },
    deleting.column,
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
      <CatalogueTable<FirmwareSeriesItem>
        caption={t('firmware.series.title')}
        rowKey="series_id"
        columns={columns}
        query={series}
        empty={{ title: t('firmware.series.emptyTitle'), description: t('firmware.series.emptyDescription') }}
        testId="firmware-series-table"
      />
      {deleting.dialog}
    </section>
  );
}
