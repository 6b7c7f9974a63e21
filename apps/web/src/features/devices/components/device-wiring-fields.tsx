import { modbusAddressRange, rs485PositionRange, validationLimits } from '@helio/contracts';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { ratedPowerWatts } from '../lib/device-form.ts';

interface DeviceWiringFieldsProps {
  /** Length rule of the free-text fields. */
  textRule: Rule;
  /** Range and uniqueness rule of a bus address within the station (200307). */
  busRule: (field: 'modbus_address' | 'rs485_position') => Rule;
}

/** The optional fields of a registration: rated power, module SN and the device's place on the bus. */
export function DeviceWiringFields({ textRule, busRule }: DeviceWiringFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="rated_power_kw"
        label={t('devices.dialog.ratedPower')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (ratedPowerWatts(value) === null) throw new Error(t('devices.dialog.ratedPowerInvalid'));
            },
          },
        ]}
        extra={t('devices.dialog.ratedPowerHint')}
      >
        <Input inputMode="decimal" autoComplete="off" suffix="kW" data-testid="device-rated-power" />
      </Form.Item>
      <Form.Item
        name="module_sn"
        label={t('devices.dialog.moduleSn')}
        rules={[textRule]}
        extra={t('devices.dialog.moduleSnHint')}
      >
        <Input
          autoComplete="off"
          spellCheck={false}
          maxLength={validationLimits.deviceTextMaxLength}
          data-testid="device-module-sn"
        />
      </Form.Item>
      <Form.Item
        name="modbus_address"
        label={t('devices.dialog.modbusAddress')}
        rules={[busRule('modbus_address')]}
      >
        <Input
          inputMode="numeric"
          autoComplete="off"
          placeholder={`${modbusAddressRange.min}–${modbusAddressRange.max}`}
          maxLength={3}
          data-testid="device-modbus"
        />
      </Form.Item>
      <Form.Item
        name="rs485_position"
        label={t('devices.dialog.rs485Position')}
        rules={[busRule('rs485_position')]}
      >
        <Input
          inputMode="numeric"
          autoComplete="off"
          placeholder={`${rs485PositionRange.min}–${rs485PositionRange.max}`}
          maxLength={2}
          data-testid="device-rs485"
        />
      </Form.Item>
    </>
  );
}
