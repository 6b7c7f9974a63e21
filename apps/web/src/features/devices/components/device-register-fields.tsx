import { type DeviceType, deviceForm, snBodyLength, snPrefixes, validationLimits } from '@helio/contracts';
import { Form, type FormInstance, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProblemTexts } from '../hooks/use-register-device.ts';
import type { FixedStation, RegistrationStation } from '../hooks/use-registration-station.ts';
import {
  busConflicts,
  type DeviceFormValues,
  MODBUS_TAKEN_KEY,
  modbusAddress,
  rs485Position,
} from '../lib/device-form.ts';
import { snInput, snProblem } from '../lib/sn.ts';
import { DeviceWiringFields } from './device-wiring-fields.tsx';
import { StationSelect } from './station-select.tsx';

interface DeviceRegisterFieldsProps {
  form: FormInstance<DeviceFormValues>;
  /** The station fixed by the screen: shown, not asked for. */
  fixed: FixedStation | undefined;
  /** Without a fixed station: the station chosen in advance. */
  initialStationId: number | undefined;
  registration: RegistrationStation;
  texts: ProblemTexts;
}

/** An example SN of a type: its prefix and as many characters as the shortest SN has. */
function exampleSn(deviceType: DeviceType): string {
  return `${snPrefixes[deviceType]}${'2024A0001234567'.slice(0, snBodyLength.min)}`;
}

/**
 * The registration's fields: the station (or the fixed one shown), the device types the station
 * takes (those it cannot take once more say why), the SN checked as the server does (4002, 2002),
 * the model, the firmware and the wiring, whose bus places must be free on the station (200307),
 * and the device's own settings password, blank for the installer tree's.
 */
export function DeviceRegisterFields({
  form,
  fixed,
  initialStationId,
  registration,
  texts,
}: DeviceRegisterFieldsProps) {
  const { t } = useTranslation();
  const { station, choices, fleet, fleetDevices } = registration;
  const { errorText, validationText } = texts;
  const chosenType = Form.useWatch('device_type', form) as DeviceType | undefined;

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

  // The call's own rule: blank, or a password of 6 to 128 characters.
  const settingsPwdRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const checked = deviceForm.shape.settings_pwd.safeParse(value);
      if (!checked.success) {
        throw new Error(validationText(checked.error.issues[0]?.message ?? 'validation.invalidValue'));
      }
    },
  };

  return (
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
            onChoose={registration.setPicked}
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
          { max: validationLimits.deviceModelMaxLength, message: validationText('validation.textTooLong') },
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
      <Form.Item
        name="settings_pwd"
        label={t('devices.dialog.settingsPwd')}
        className="device-form-wide"
        rules={[settingsPwdRule]}
        extra={t('devices.dialog.settingsPwdHint')}
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={validationLimits.passwordMaxLength}
          data-testid="device-field-settings_pwd"
        />
      </Form.Item>
    </div>
  );
}
