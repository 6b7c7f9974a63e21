import { type StationItem, station } from '@helio/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { call } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useRefreshStations } from '../api/stations.ts';
import { useStationProblems } from '../hooks/use-station-problems.ts';
import { EndUserChoice, InstallerChoice } from './account-choice.tsx';

interface BindValues {
  installer_id?: number;
  end_user_id?: number;
}

const fields = ['installer_id', 'end_user_id'] as const;

interface BindStationDialogProps {
  station: StationItem;
  open: boolean;
  onClose: () => void;
  /** Once the dialog has closed (and its closing motion ended): where the focus goes back. */
  afterClose?: () => void;
}

/**
 * Binds a station to an installer and an end user of that installer's tree, both required
 * (SPEC.md §5; api/station/bind replaces the pair). The server's consistency rules (3005, 3008,
 * 3009) come back under the field they concern.
 */
export function BindStationDialog({ station: item, open, onClose, afterClose }: BindStationDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BindValues>();
  const installerId = Form.useWatch('installer_id', form);
  const showProblems = useStationProblems(form, fields);
  const refreshStations = useRefreshStations();

  const bind = useMutation({
    mutationFn: (values: BindValues) =>
      call(station.bind, {
        station_id: item.station_id,
        installer_id: values.installer_id ?? 0,
        end_user_id: values.end_user_id ?? 0,
      }),
    onSuccess: () => {
      notifySuccess(t('stations.bound', { name: item.station_name }), 'station-bind');
      void refreshStations();
      onClose();
    },
    onError: showProblems,
  });

  return (
    <FormDialog<BindValues>
      form={form}
      name="station-bind"
      title={t('stations.bindTitle', { name: item.station_name })}
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      pending={bind.isPending}
      width={480}
      initialValues={{
        installer_id: item.installer_id ?? undefined,
        end_user_id: item.end_user_id ?? undefined,
      }}
      onValuesChange={(changed: BindValues) => {
        if ('installer_id' in changed) form.setFieldValue('end_user_id', undefined);
      }}
      onFinish={(values) => bind.mutate(values)}
      submitText={t('stations.bindSubmit')}
      cancelText={t('stations.cancel')}
      submitTestId="bind-submit"
    >
      <div data-testid="bind-station-dialog">
        <p className="dialog-intro">{t('stations.bindIntro')}</p>
        <Form.Item
          name="installer_id"
          label={t('stations.field.installer')}
          rules={[{ required: true, message: t('stations.installerRequired') }]}
        >
          <InstallerChoice placeholder={t('stations.installerPlaceholder')} data-testid="bind-installer" />
        </Form.Item>
        <Form.Item
          name="end_user_id"
          label={t('stations.field.endUser')}
          rules={[{ required: true, message: t('stations.endUserRequired') }]}
          extra={t('stations.endUserHint')}
        >
          <EndUserChoice
            installerId={installerId}
            placeholder={t('stations.endUserPlaceholder')}
            data-testid="bind-end-user"
          />
        </Form.Item>
      </div>
    </FormDialog>
  );
}
