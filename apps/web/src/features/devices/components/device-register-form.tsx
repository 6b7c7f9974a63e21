import { type DeviceCredentials, type DeviceItem, RoleId } from '@helio/contracts';
import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { useProblemTexts, useRegisterDevice } from '../hooks/use-register-device.ts';
import { type FixedStation, useRegistrationStation } from '../hooks/use-registration-station.ts';
import { type DeviceFormField, type DeviceFormValues, deviceFormFields } from '../lib/device-form.ts';
import { deviceTypeFromSn } from '../lib/sn.ts';
import { DeviceRegisterFields } from './device-register-fields.tsx';

export interface DeviceRegisterFormProps {
  open: boolean;
  onClose: () => void;
  station?: FixedStation | undefined;
  initialStationId?: number | undefined;
  onDone?: ((device: DeviceItem) => void) | undefined;
  /** The new device's broker credentials, to be shown once. */
  onIssued: (issued: { sn: string; credentials: DeviceCredentials }) => void;
  /** An installer asks the holder of an SN registered elsewhere (2001) for access. */
  onRequestAccess: (sn: string) => void;
}

/**
 * The registration dialog itself: its form, what it says before the server does (the station is
 * full: 3004, 200308) and, for an installer, the way to ask for access to an SN registered elsewhere
 * (2001) while that SN is still typed. Enter submits, Esc closes.
 */
export function DeviceRegisterForm({
  open,
  onClose,
  station: fixed,
  initialStationId,
  onDone,
  onIssued,
  onRequestAccess,
}: DeviceRegisterFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeviceFormValues>();
  const registration = useRegistrationStation(form, fixed, open);
  const texts = useProblemTexts();
  const fields: readonly DeviceFormField[] = fixed
    ? deviceFormFields.filter((field) => field !== 'station_id')
    : deviceFormFields;
  const { add, registeredSn } = useRegisterDevice({
    form,
    registration,
    fields,
    texts,
    onIssued,
    onClose,
    onDone,
  });

  const mayAskAccess = useSession()?.roleId === RoleId.installer;
  // The SN the server answered 2001 for, while the dialog still shows it.
  const typedSn = Form.useWatch('sn', form) as string | undefined;
  const offerAccess = mayAskAccess && registeredSn !== undefined && registeredSn === typedSn;
  const { full } = registration;

  const onValuesChange = (changed: DeviceFormValues, all: DeviceFormValues) => {
    // An SN typed first chooses its type, when the station takes it.
    if ('sn' in changed && all.device_type === undefined) {
      const guessed = deviceTypeFromSn(changed.sn, registration.openTypes);
      if (guessed !== undefined) form.setFieldValue('device_type', guessed);
    }
  };

  return (
    <FormDialog<DeviceFormValues>
      form={form}
      name="device-register"
      title={t('devices.dialog.title')}
      open={open}
      onCancel={onClose}
      pending={add.isPending}
      width={640}
      validateTrigger="onBlur"
      onValuesChange={onValuesChange}
      onFinish={(values) => add.mutate(values)}
      submitText={t('devices.dialog.submit')}
      cancelText={t('devices.dialog.cancel')}
      submitTestId="device-submit"
      cancelTestId="device-cancel"
      submitDisabled={full !== undefined}
    >
      <div data-testid="device-dialog" className="device-form">
        <p className="dialog-intro">{t('devices.dialog.intro')}</p>
        {offerAccess && (
          <Alert
            type="info"
            showIcon
            className="dialog-alert"
            title={t('devices.dialog.registeredElsewhere', { sn: registeredSn })}
            action={
              <Button
                size="small"
                onClick={() => onRequestAccess(registeredSn)}
                data-testid="device-request-access"
              >
                {t('devices.dialog.requestAccess')}
              </Button>
            }
            data-testid="device-registered-elsewhere"
          />
        )}
        {full && (
          <Alert
            type="warning"
            showIcon
            className="dialog-alert"
            title={texts.errorText(full)}
            data-testid="device-station-full"
          />
        )}
        <DeviceRegisterFields
          form={form}
          fixed={fixed}
          initialStationId={initialStationId}
          registration={registration}
          texts={texts}
        />
      </div>
    </FormDialog>
  );
}
