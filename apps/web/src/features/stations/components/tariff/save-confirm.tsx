import { addDays, tariff } from '@helio/contracts';
import { Checkbox, DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/dialogs/form-dialog.tsx';

interface ConfirmValues {
  /** Split the days already split again, from `from`. */
  recompute: boolean;
  from?: Dayjs | null;
}

export interface SaveConfirmProps {
  open: boolean;
  /** The station's today, YYYY-MM-DD: the days up to yesterday can be split again. */
  today: string;
  pending: boolean;
  onCancel: () => void;
  /** Saves; with a day, the days from it to yesterday are split again with the new tariff. */
  onConfirm: (recomputeFrom: string | undefined) => void;
}

/**
 * The confirmation before a tariff is saved: the days already split keep the old tariff's figures,
 * or are split again from a chosen day (within the call's window: the last RECOMPUTE_MAX_DAYS days,
 * up to yesterday).
 */
export function SaveConfirm({ open, today, pending, onCancel, onConfirm }: SaveConfirmProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConfirmValues>();
  const recompute = Form.useWatch('recompute', form);
  const earliest = addDays(today, -tariff.RECOMPUTE_MAX_DAYS);
  const latest = addDays(today, -1);
  const outside = (day: string) => day < earliest || day > latest;
  const monthStart = `${today.slice(0, 7)}-01`;

  return (
    <FormDialog<ConfirmValues>
      form={form}
      name="tariff-confirm"
      title={t('tariffs.confirm.title')}
      open={open}
      onCancel={onCancel}
      firstField="recompute"
      pending={pending}
      initialValues={{ recompute: false, from: dayjs(monthStart > latest ? latest : monthStart) }}
      onFinish={(values) => {
        const from = values.recompute && values.from ? values.from.format('YYYY-MM-DD') : undefined;
        onConfirm(from);
      }}
      submitText={t('tariffs.confirm.save')}
      cancelText={t('tariffs.confirm.back')}
      submitTestId="tariff-confirm-save"
      cancelTestId="tariff-confirm-back"
    >
      <div data-testid="tariff-confirm">
        <p>{t('tariffs.confirm.description')}</p>
        <Form.Item name="recompute" valuePropName="checked">
          <Checkbox data-testid="tariff-confirm-recompute">{t('tariffs.confirm.recompute')}</Checkbox>
        </Form.Item>
        {recompute && (
          <Form.Item
            name="from"
            label={t('tariffs.confirm.from')}
            extra={t('tariffs.confirm.fromHint', { days: tariff.RECOMPUTE_MAX_DAYS, latest })}
            rules={[
              {
                validator: async (_, value: Dayjs | null | undefined) => {
                  if (!value || outside(value.format('YYYY-MM-DD')))
                    throw new Error(t('validation.recomputeFrom', { ns: 'validation', keySeparator: false }));
                },
              },
            ]}
          >
            <DatePicker
              allowClear={false}
              format="YYYY-MM-DD"
              disabledDate={(day) => outside(day.format('YYYY-MM-DD'))}
              data-testid="tariff-confirm-from"
            />
          </Form.Item>
        )}
      </div>
    </FormDialog>
  );
}
