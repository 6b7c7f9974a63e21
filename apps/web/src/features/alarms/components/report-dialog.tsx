import { type AlarmItem, alarm, type ReportItem } from '@helio/contracts';
import { Alert, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { notifySuccess } from '../../../lib/notifier.ts';
import { StationSelect } from '../../devices/index.ts';
import { useReportChanges } from '../api/reports.ts';
import { useFaultName } from './fault-name.tsx';

/**
 * What the report dialog does: open a report (on a chosen station, or about an alarm), update an
 * open one (its description and a new handling opinion), or close one with a last opinion.
 */
export type ReportDialogMode =
  | { mode: 'add'; alarm?: AlarmItem | undefined }
  | { mode: 'edit'; report: ReportItem }
  | { mode: 'close'; report: ReportItem };

const opinionLabel = {
  add: 'alarms.reports.field.firstOpinion',
  edit: 'alarms.reports.field.newOpinion',
  close: 'alarms.reports.field.lastOpinion',
} as const;

interface ReportValues {
  station_id?: number;
  description?: string;
  opinion?: string;
}

interface ReportDialogProps {
  action: ReportDialogMode;
  open: boolean;
  onClose: () => void;
  /** Once it has closed and antd has given focus back to what opened it. */
  afterClose?: () => void;
}

/** The abnormal report dialog (installers). Closing asks to confirm: a closed report stays closed. */
export function ReportDialog({ action, open, onClose, afterClose }: ReportDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReportValues>();
  const faultName = useFaultName();
  const changes = useReportChanges((item) => {
    notifySuccess(t(`alarms.reports.done.${action.mode}`, { station: item.station_name }), 'report');
    onClose();
  });
  const pending = changes.add.isPending || changes.edit.isPending || changes.close.isPending;
  const textRule = {
    max: alarm.OPINION_MAX_LENGTH,
    message: t('validation.textTooLong', { ns: 'validation', keySeparator: false }),
  };
  const requiredRule = { required: true, whitespace: true, message: t('alarms.reports.descriptionRequired') };

  const submit = (values: ReportValues) => {
    const description = values.description?.trim();
    const opinion = values.opinion?.trim() || undefined;
    if (action.mode === 'add') {
      const about = action.alarm;
      changes.add.mutate({
        station_id: about?.station_id ?? values.station_id ?? 0,
        ...(about ? { alarm_id: about.alarm_id, device_id: about.device_id } : {}),
        description: description ?? '',
        ...(opinion ? { opinion } : {}),
      });
    } else if (action.mode === 'edit') {
      const changed = description && description !== action.report.description ? description : undefined;
      if (!changed && !opinion) {
        form.setFields([{ name: 'opinion', errors: [t('alarms.reports.nothingChanged')] }]);
        return;
      }
      changes.edit.mutate({
        report_id: action.report.report_id,
        ...(changed ? { description: changed } : {}),
        ...(opinion ? { opinion } : {}),
      });
    } else {
      changes.close.mutate({ report_id: action.report.report_id, ...(opinion ? { opinion } : {}) });
    }
  };

  const report = action.mode === 'add' ? undefined : action.report;
  const about = action.mode === 'add' ? action.alarm : undefined;
  const title = t(`alarms.reports.dialog.${action.mode}Title`);

  return (
    <FormDialog<ReportValues>
      form={form}
      name="alarm-report"
      title={title}
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      firstField={action.mode === 'add' ? 'description' : 'opinion'}
      pending={pending}
      initialValues={{ description: action.mode === 'edit' ? action.report.description : '' }}
      onFinish={submit}
      submitText={t(`alarms.reports.dialog.${action.mode}Submit`)}
      cancelText={t('alarms.cancel')}
      submitTestId="report-submit"
      submitDanger={action.mode === 'close'}
    >
      <div data-testid="report-dialog" data-mode={action.mode}>
        {action.mode === 'close' && (
          <Alert
            type="warning"
            showIcon
            className="dialog-alert"
            title={t('alarms.reports.dialog.closeWarning')}
            data-testid="report-close-warning"
          />
        )}
        {(report || about) && (
          <Descriptions
            size="small"
            column={1}
            className="report-dialog-about"
            items={[
              {
                key: 'station',
                label: t('alarms.field.station'),
                children: report?.station_name ?? about?.station_name,
              },
              ...((report?.sn ?? about?.sn)
                ? [{ key: 'sn', label: t('alarms.field.sn'), children: report?.sn ?? about?.sn }]
                : []),
              ...(about
                ? [
                    {
                      key: 'fault',
                      label: t('alarms.field.fault'),
                      children: `${faultName(about)} (${about.code})`,
                    },
                  ]
                : []),
            ]}
          />
        )}
        {action.mode === 'add' && !about && (
          <Form.Item
            name="station_id"
            label={t('alarms.field.station')}
            rules={[{ required: true, message: t('alarms.reports.stationRequired') }]}
          >
            <StationSelect
              placeholder={t('alarms.reports.stationPlaceholder')}
              data-testid="report-station"
            />
          </Form.Item>
        )}
        {action.mode === 'close' ? (
          <Form.Item label={t('alarms.reports.field.description')}>
            <p className="report-description">{action.report.description}</p>
          </Form.Item>
        ) : (
          <Form.Item
            name="description"
            label={t('alarms.reports.field.description')}
            rules={[requiredRule, textRule]}
          >
            <Input.TextArea
              rows={3}
              maxLength={alarm.OPINION_MAX_LENGTH}
              showCount
              autoFocus={action.mode === 'add'}
              data-testid="report-description"
            />
          </Form.Item>
        )}
        <Form.Item
          name="opinion"
          label={t(opinionLabel[action.mode])}
          rules={[textRule]}
          extra={action.mode === 'edit' ? t('alarms.reports.dialog.opinionHint') : undefined}
        >
          <Input.TextArea
            rows={3}
            maxLength={alarm.OPINION_MAX_LENGTH}
            showCount
            autoFocus={action.mode !== 'add'}
            data-testid="report-opinion"
          />
        </Form.Item>
      </div>
    </FormDialog>
  );
}
