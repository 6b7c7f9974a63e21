import { type AlarmItem, alarm, type ProcessingState, processingStates } from '@helio/contracts';
import { Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useProcessAlarms } from '../api/alarms.ts';
import { useFaultName } from './fault-name.tsx';

interface ProcessValues {
  processing_state: ProcessingState;
  opinion?: string;
}

interface ProcessDialogProps {
  /** The alarms to process together (one from a row or the detail, or the chosen rows). */
  items: readonly AlarmItem[];
  open: boolean;
  onClose: () => void;
  /** Once it has closed and antd has given focus back to what opened it. */
  afterClose?: () => void;
  onDone?: (items: AlarmItem[]) => void;
}

/**
 * The processing dialog (installers): marks alarms processed, or back to unprocessed, with a handling
 * opinion that replaces the previous one. All or nothing: a refusal (9001 for the demo account or
 * an alarm out of reach) changes none of them and is shown by the API client.
 */
export function ProcessDialog({ items, open, onClose, afterClose, onDone }: ProcessDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProcessValues>();
  const faultName = useFaultName();
  const single = items.length === 1 ? items[0] : undefined;
  const process = useProcessAlarms((done) => {
    const state = done[0]?.processing_state ?? 'processed';
    notifySuccess(t(`alarms.process.done.${state}`, { number: done.length }), 'alarm-process');
    onClose();
    onDone?.(done);
  });

  const submit = (values: ProcessValues) => {
    const opinion = values.opinion?.trim();
    process.mutate({
      alarm_ids: items.map((item) => item.alarm_id),
      processing_state: values.processing_state,
      ...(opinion ? { opinion } : {}),
    });
  };

  return (
    <FormDialog<ProcessValues>
      form={form}
      name="alarm-process"
      title={single ? t('alarms.process.titleOne') : t('alarms.process.titleMany', { number: items.length })}
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      firstField="opinion"
      pending={process.isPending}
      initialValues={{ processing_state: 'processed', opinion: single?.opinion ?? '' }}
      onFinish={submit}
      submitText={t('alarms.process.submit')}
      cancelText={t('alarms.cancel')}
      submitTestId="alarm-process-submit"
      cancelTestId="alarm-process-cancel"
    >
      <div data-testid="alarm-process-dialog">
        <Typography.Paragraph type="secondary">
          {single
            ? t('alarms.process.introOne', { name: faultName(single), sn: single.sn })
            : t('alarms.process.introMany', { number: items.length })}
        </Typography.Paragraph>
        <Form.Item name="processing_state" label={t('alarms.field.processingState')}>
          <Radio.Group
            aria-label={t('alarms.field.processingState')}
            optionType="button"
            options={[...processingStates].reverse().map((state) => ({
              value: state,
              label: (
                <span data-testid={`alarm-process-state-${state}`}>{t(`alarms.processing.${state}`)}</span>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="opinion"
          label={t('alarms.field.opinion')}
          extra={t('alarms.process.opinionHint')}
          rules={[
            {
              max: alarm.OPINION_MAX_LENGTH,
              message: t('validation.textTooLong', { ns: 'validation', keySeparator: false }),
            },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={alarm.OPINION_MAX_LENGTH}
            showCount
            autoFocus
            placeholder={t('alarms.process.opinionPlaceholder')}
            data-testid="alarm-process-opinion"
          />
        </Form.Item>
      </div>
    </FormDialog>
  );
}
