import {
  type DeviceCredentials,
  type DeviceItem,
  type DeviceType,
  device,
  RoleId,
  type StationType,
  snBodyLength,
  snPrefixes,
  validationLimits,
} from '@helio/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select, Tag } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useSession } from '../../../lib/session-store.ts';
import { RequestAccessDialog } from '../../messages/index.ts';
import { type StationChoice, useRefreshDevices, useStationChoice, useStationFleet } from '../api/devices.ts';
import {
  busConflicts,
  type DeviceFieldProblem,
  type DeviceFormField,
  type DeviceFormValues,
  deviceAddBody,
  deviceFormFields,
  deviceRefusalProblems,
  deviceTypeChoices,
  MODBUS_TAKEN_KEY,
  modbusAddress,
  rs485Position,
  stationFull,
} from '../lib/device-form.ts';
import { deviceTypeFromSn, snInput, snProblem } from '../lib/sn.ts';
import { useDeviceTexts } from '../lib/use-device-texts.ts';
import { DeviceCredentialsDialog } from './device-credentials-dialog.tsx';
import { DeviceWiringFields } from './device-wiring-fields.tsx';
import { StationSelect } from './station-select.tsx';
import '../devices.css';

/** A station the dialog registers on, fixed by the screen that opens it. */
export interface FixedStation {
  station_id: number;
  station_type: StationType;
  /** Looked up when not given. */
  station_name?: string;
}

/**
 * The dialog stays mounted after it closes (`open` false): the new device's broker credentials are
 * shown by it, once, after the registration dialog itself has closed.
 */
export interface DeviceRegisterDialogProps {
  open: boolean;
  onClose: () => void;
  /** Opened from a station: the device goes there. Otherwise the dialog asks for the station. */
  station?: FixedStation;
  /** Without a fixed station: the station chosen in advance (e.g. the list's station filter). */
  initialStationId?: number;
  /** After the device was registered and the dialog has said so; the dialog closes itself. */
  onDone?: (device: DeviceItem) => void;
}

/** An example SN of a type: its prefix and as many characters as the shortest SN has. */
function exampleSn(deviceType: DeviceType): string {
  return `${snPrefixes[deviceType]}${'2024A0001234567'.slice(0, snBodyLength.min)}`;
}

/**
 * Registers a device on a station by its SN (api/device/add). It offers only the device types the
 * station's type takes (fleet-rules.ts), says before the server does when the station can take no
 * more of a type (3004, 6004, 200308) or a bus place is used (200307), and checks the SN's shape
 * as the server does (4002, 2002). The server's refusals show under the field they concern.
 */
export function DeviceRegisterDialog(props: DeviceRegisterDialogProps) {
  const ready = useDeviceTexts();
  // The secret goes from the answer to this state only, never into react-query's caches (the
  // registration's result is the device without it), and is dropped when its dialog closes.
  const [issued, setIssued] = useState<{ sn: string; credentials: DeviceCredentials } | undefined>();
  // An SN registered outside the installer's stations (2001): it may ask the holder for access.
  const [access, setAccess] = useState<{ sn: string; open: boolean } | undefined>();
  // The texts come with the screens' code; a dialog opened elsewhere waits for them (briefly).
  if (!ready) return null;
  return (
    <>
      <RegisterDialog
        {...props}
        onIssued={setIssued}
        onRequestAccess={(sn) => {
          props.onClose();
          setAccess({ sn, open: true });
        }}
      />
      {access && (
        <Suspense fallback={null}>
          <RequestAccessDialog
            open={access.open}
            sn={access.sn}
            onClose={() => setAccess((current) => current && { ...current, open: false })}
          />
        </Suspense>
      )}
      <DeviceCredentialsDialog
        credentials={issued?.credentials}
        sn={issued?.sn ?? ''}
        reason="registered"
        onDone={() => setIssued(undefined)}
      />
    </>
  );
}

function RegisterDialog({
  open,
  onClose,
  station: fixed,
  initialStationId,
  onDone,
  onIssued,
  onRequestAccess,
}: DeviceRegisterDialogProps & {
  onIssued: (issued: { sn: string; credentials: DeviceCredentials }) => void;
  onRequestAccess: (sn: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<DeviceFormValues>();
  const mayAskAccess = useSession()?.roleId === RoleId.installer;
  // The SN the server answered 2001 for, while the dialog still shows it.
  const [registeredSn, setRegisteredSn] = useState<string | undefined>();
  const typedSn = Form.useWatch('sn', form) as string | undefined;
  const offerAccess = mayAskAccess && registeredSn !== undefined && registeredSn === typedSn;
  const refreshDevices = useRefreshDevices();

  const chosenId = Form.useWatch('station_id', form) as number | undefined;
  const stationId = fixed?.station_id ?? chosenId;
  const [picked, setPicked] = useState<StationChoice | undefined>();
  const lookupId = fixed
    ? fixed.station_name === undefined
      ? fixed.station_id
      : undefined
    : stationId !== undefined && picked?.station_id !== stationId
      ? stationId
      : undefined;
  const lookup = useStationChoice(open ? lookupId : undefined);
  const station: StationChoice | undefined = fixed
    ? {
        station_id: fixed.station_id,
        station_type: fixed.station_type,
        station_name: fixed.station_name ?? lookup.data?.station_name ?? '',
      }
    : picked?.station_id === stationId
      ? picked
      : lookup.data?.station_id === stationId
        ? lookup.data
        : undefined;

  const fleet = useStationFleet(open ? stationId : undefined);
  const fleetDevices = fleet.data?.list ?? [];
  // Offered at once from the station's type; what it already holds marks some once it is known.
  const stationType = station?.station_type;
  const choices = useMemo(
    () =>
      stationType === undefined
        ? []
        : deviceTypeChoices(stationType, fleet.data?.list.map((item) => item.device_type) ?? []),
    [stationType, fleet.data],
  );
  const openTypes = choices.filter((choice) => !choice.refusal).map((choice) => choice.deviceType);
  const full = stationFull(choices);

  // A device type the newly chosen station does not take (or not once more) is chosen again.
  const chosenType = Form.useWatch('device_type', form) as DeviceType | undefined;
  const typeKey = openTypes.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the offered types are what changes
  useEffect(() => {
    if (chosenType !== undefined && !openTypes.includes(chosenType)) {
      form.setFieldValue('device_type', undefined);
    }
  }, [typeKey]);

  const fields: readonly DeviceFormField[] = fixed
    ? deviceFormFields.filter((field) => field !== 'station_id')
    : deviceFormFields;

  const problemText = ({ namespace, key }: Omit<DeviceFieldProblem, 'field'>) => {
    if (namespace === 'translation') return t(key);
    const options = { ns: namespace, keySeparator: false } as const;
    if (i18n.exists(key, options)) return t(key, options);
    return t('validation.invalidValue', { ns: 'validation', keySeparator: false });
  };
  const errorText = (code: string) => problemText({ namespace: 'errors', key: code });
  const validationText = (key: string) => problemText({ namespace: 'validation', key });

  const add = useMutation({
    mutationFn: async (values: DeviceFormValues): Promise<DeviceItem> => {
      const { credentials, ...item } = await call(device.add, deviceAddBody(values, stationId ?? 0));
      onIssued({ sn: item.sn, credentials });
      return item;
    },
    onSuccess: (item) => {
      notifySuccess(t('devices.dialog.added', { sn: item.sn }), 'device-add');
      void refreshDevices();
      onClose();
      onDone?.(item);
    },
    onError: (error, values) => {
      if (!(error instanceof ApiError)) return;
      setRegisteredSn(error.code === '2001' ? values.sn : undefined);
      const problems = deviceRefusalProblems(error.code, error.issues, fields, values, fleetDevices);
      form.setFields(problems.map((problem) => ({ name: problem.field, errors: [problemText(problem)] })));
      // What the station holds has changed under us: what the dialog offers follows.
      void fleet.refetch();
    },
  });

  const typeOptions = choices.map((choice) => ({
    value: choice.deviceType,
    label: t(`devices.type.${choice.deviceType}`),
    disabled: choice.refusal !== undefined,
    reason: choice.refusal === undefined ? undefined : errorText(choice.refusal),
  }));

  const snHint =
    chosenType !== undefined
      ? t('devices.dialog.snHintType', {
          prefix: snPrefixes[chosenType],
          min: snBodyLength.min,
          max: snBodyLength.max,
          example: exampleSn(chosenType),
        })
      : t('devices.dialog.snHint', {
          prefixes: Object.values(snPrefixes).join(', '),
          min: snBodyLength.min,
          max: snBodyLength.max,
        });

  const onValuesChange = (changed: DeviceFormValues, all: DeviceFormValues) => {
    // An SN typed first chooses its type, when the station takes it.
    if ('sn' in changed && all.device_type === undefined) {
      const guessed = deviceTypeFromSn(changed.sn, openTypes);
      if (guessed !== undefined) form.setFieldValue('device_type', guessed);
    }
  };

  const busRule = (field: 'modbus_address' | 'rs485_position') => ({
    validator: async (_: unknown, value: string | undefined) => {
      const parsed = field === 'modbus_address' ? modbusAddress(value) : rs485Position(value);
      if (parsed === null) {
        throw new Error(
          validationText(
            field === 'modbus_address' ? 'validation.modbusAddressRange' : 'validation.rs485PositionRange',
          ),
        );
      }
      if (busConflicts({ [field]: value }, fleetDevices)[field]) {
        throw new Error(field === 'modbus_address' ? t(MODBUS_TAKEN_KEY) : errorText('200307'));
      }
    },
  });

  const textRule = {
    max: validationLimits.deviceTextMaxLength,
    message: validationText('validation.textTooLong'),
  };

  return (
    <Modal
      open={open}
      title={t('devices.dialog.title')}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={!add.isPending}
      width={640}
      modalRender={(dom) => (
        <Form<DeviceFormValues>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          clearOnDestroy
          onValuesChange={onValuesChange}
          onFinish={(values) => add.mutate(values)}
          disabled={add.isPending}
        >
          {dom}
        </Form>
      )}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={false} data-testid="device-cancel">
          {t('devices.dialog.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          htmlType="submit"
          loading={add.isPending}
          disabled={full !== undefined}
          data-testid="device-submit"
        >
          {t('devices.dialog.submit')}
        </Button>,
      ]}
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
            title={errorText(full)}
            data-testid="device-station-full"
          />
        )}
        <div className="device-form-grid">
          {fixed ? (
            <Form.Item label={t('devices.dialog.station')} className="device-form-wide">
              <div className="device-fixed-station" data-testid="device-fixed-station">
                <span>{station?.station_name || '…'}</span>
                <Tag>{t(`devices.stationType.${fixed.station_type}`)}</Tag>
              </div>
            </Form.Item>
          ) : (
            <Form.Item
              name="station_id"
              label={t('devices.dialog.station')}
              className="device-form-wide"
              required
              initialValue={initialStationId}
              rules={[{ required: true, message: t('devices.dialog.stationRequired') }]}
              extra={station ? t(`devices.stationType.${station.station_type}`) : undefined}
            >
              <StationSelect
                placeholder={t('devices.dialog.stationPlaceholder')}
                onChoose={setPicked}
                data-testid="device-station"
              />
            </Form.Item>
          )}
          <Form.Item
            name="device_type"
            label={t('devices.dialog.deviceType')}
            required
            rules={[{ required: true, message: validationText('validation.deviceTypeInvalid') }]}
            extra={station ? undefined : t('devices.dialog.deviceTypeHint')}
          >
            <Select<DeviceType>
              data-testid="device-type"
              placeholder={t('devices.dialog.deviceTypePlaceholder')}
              disabled={!station}
              loading={fleet.isFetching}
              options={typeOptions}
              optionRender={(option) => (
                <span className="device-type-option" data-testid={`device-type-option-${option.value}`}>
                  <span>{option.label}</span>
                  {option.data.reason && <span className="device-type-reason">{option.data.reason}</span>}
                </span>
              )}
            />
          </Form.Item>
          <Form.Item
            name="sn"
            label={t('devices.dialog.sn')}
            required
            normalize={(value: string | undefined) => snInput(value)}
            dependencies={['device_type']}
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const problem = snProblem(value, form.getFieldValue('device_type'));
                  if (problem) throw new Error(errorText(problem));
                },
              },
            ]}
            extra={snHint}
          >
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={3 + snBodyLength.max}
              className="device-sn-input"
              data-testid="device-sn"
            />
          </Form.Item>
          <Form.Item
            name="model"
            label={t('devices.dialog.model')}
            required
            rules={[
              { required: true, whitespace: true, message: validationText('validation.modelRequired') },
              {
                max: validationLimits.deviceModelMaxLength,
                message: validationText('validation.textTooLong'),
              },
            ]}
          >
            <Input
              autoComplete="off"
              maxLength={validationLimits.deviceModelMaxLength}
              data-testid="device-model"
            />
          </Form.Item>
          <Form.Item name="firmware_version" label={t('devices.dialog.firmwareVersion')} rules={[textRule]}>
            <Input
              autoComplete="off"
              spellCheck={false}
              maxLength={validationLimits.deviceTextMaxLength}
              data-testid="device-firmware"
            />
          </Form.Item>
          <DeviceWiringFields textRule={textRule} busRule={busRule} />
        </div>
      </div>
    </Modal>
  );
}
