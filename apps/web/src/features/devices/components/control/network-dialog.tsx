import { networkForm, type SettingValues } from '@helio/contracts';
import { Alert, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/dialogs/form-dialog.tsx';
import { useFormProblems } from '../../../../hooks/use-form-problems.ts';
import { describeError } from '../../../../lib/api.ts';
import { useSetNetwork } from '../../api/control.ts';

interface NetworkValues {
  dhcp: boolean;
  ip?: string;
  mask?: string;
  gateway?: string;
  dns?: string;
}

const fields = ['dhcp', 'ip', 'mask', 'gateway', 'dns'] as const;
const addressFields = ['ip', 'mask', 'gateway', 'dns'] as const;

export interface NetworkDialogProps {
  sn: string;
  /** The values last read: the form starts from the device's own configuration. */
  values: SettingValues;
  open: boolean;
  /** Closed: the id of the command sent, undefined when cancelled. */
  onClose: (commandId?: string) => void;
  afterClose?: () => void;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The form starts from the device's configuration. Addresses a DHCP server leased are not offered
 * as a static configuration (the address could be leased again to another host): a device on DHCP
 * starts with empty address fields.
 */
function initialNetwork(values: SettingValues): NetworkValues {
  if (values.net_dhcp !== false) return { dhcp: true };
  return {
    dhcp: false,
    ip: text(values.net_ip),
    mask: text(values.net_mask),
    gateway: text(values.net_gateway),
    dns: text(values.net_dns),
  };
}

/**
 * "Configure network" (api/setting/network): DHCP, or a static address with its mask, gateway and
 * DNS server, checked by the shared rule (every field required, the gateway in the address's
 * subnet) before anything is sent; a refusal names its field. The device reconnects with it.
 */
export function NetworkDialog({ sn, values, open, onClose, afterClose }: NetworkDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NetworkValues>();
  const problems = useFormProblems(form, networkForm, fields);
  const setNetwork = useSetNetwork(sn);
  const [failure, setFailure] = useState<string>();
  const dhcp = Form.useWatch('dhcp', form) ?? values.net_dhcp !== false;

  const submit = (form: NetworkValues) => {
    setFailure(undefined);
    const change = form.dhcp
      ? { dhcp: true }
      : {
          dhcp: false,
          ip: form.ip?.trim(),
          mask: form.mask?.trim(),
          gateway: form.gateway?.trim(),
          dns: form.dns?.trim(),
        };
    setNetwork.mutate(change, {
      onSuccess: (answer) => onClose(answer.command_id),
      onError: (error) => {
        problems.showServerProblems(error);
        setFailure(describeError(error));
      },
    });
  };

  return (
    <FormDialog<NetworkValues>
      form={form}
      name="control-network"
      title={t('control.network.title')}
      open={open}
      onCancel={() => onClose()}
      afterClose={afterClose}
      firstField="dhcp"
      pending={setNetwork.isPending}
      width={480}
      validateTrigger="onBlur"
      initialValues={initialNetwork(values)}
      onValuesChange={(changed) => {
        // Switching to DHCP clears the address fields' problems; back to static checks them again.
        if ('dhcp' in changed) form.setFields(addressFields.map((name) => ({ name, errors: [] })));
      }}
      onFinish={submit}
      submitText={t('control.network.submit')}
      cancelText={t('control.cancel')}
      submitTestId="control-network-submit"
      cancelTestId="control-network-cancel"
    >
      <div data-testid="control-network-dialog" className="control-network-form">
        <p className="dialog-intro">{t('control.network.intro')}</p>
        {failure && <Alert type="error" showIcon className="dialog-alert" title={failure} />}
        <Form.Item name="dhcp" label={t('control.network.dhcp')} valuePropName="checked">
          <Switch data-testid="control-network-dhcp" />
        </Form.Item>
        {addressFields.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`control.network.${name}`)}
            rules={dhcp ? [] : [problems.rule(name)]}
            required={!dhcp}
          >
            <Input
              disabled={dhcp}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              maxLength={15}
              placeholder={t(`control.network.${name}Placeholder`)}
              data-testid={`control-network-${name}`}
            />
          </Form.Item>
        ))}
      </div>
    </FormDialog>
  );
}
