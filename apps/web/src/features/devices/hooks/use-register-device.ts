import { type DeviceCredentials, type DeviceItem, device } from '@helio/contracts';
import { useMutation } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useRefreshDevices } from '../api/devices.ts';
import {
  type DeviceFieldProblem,
  type DeviceFormField,
  type DeviceFormValues,
  deviceAddBody,
  deviceRefusalProblems,
} from '../lib/device-form.ts';
import type { RegistrationStation } from './use-registration-station.ts';

/** The texts of the form's problems: the app's own, the catalogue's (by code) and validation keys. */
export function useProblemTexts() {
  const { t, i18n } = useTranslation();
  const problemText = ({ namespace, key }: Omit<DeviceFieldProblem, 'field'>) => {
    if (namespace === 'translation') return t(key);
    const options = { ns: namespace, keySeparator: false } as const;
    if (i18n.exists(key, options)) return t(key, options);
    return t('validation.invalidValue', { ns: 'validation', keySeparator: false });
  };
  return {
    problemText,
    errorText: (code: string) => problemText({ namespace: 'errors', key: code }),
    validationText: (key: string) => problemText({ namespace: 'validation', key }),
  };
}

export type ProblemTexts = ReturnType<typeof useProblemTexts>;

interface RegisterDeviceOptions {
  form: FormInstance<DeviceFormValues>;
  registration: RegistrationStation;
  /** The fields the dialog shows, for the refusals that concern one of them. */
  fields: readonly DeviceFormField[];
  texts: ProblemTexts;
  /** The new device's broker credentials, handed over once and kept nowhere else. */
  onIssued: (issued: { sn: string; credentials: DeviceCredentials }) => void;
  onClose: () => void;
  onDone?: ((device: DeviceItem) => void) | undefined;
}

/**
 * The registration call (api/device/add): on success it says so, refreshes the device lists, closes
 * and hands the device over; a refusal shows under the field it concerns, and the station's devices
 * are asked again (what it holds may have changed under us). `registeredSn` is an SN the server
 * answered 2001 for (registered outside the caller's stations).
 */
export function useRegisterDevice({
  form,
  registration,
  fields,
  texts,
  onIssued,
  onClose,
  onDone,
}: RegisterDeviceOptions) {
  const { t } = useTranslation();
  const refreshDevices = useRefreshDevices();
  const [registeredSn, setRegisteredSn] = useState<string | undefined>();
  const add = useMutation({
    mutationFn: async (values: DeviceFormValues): Promise<DeviceItem> => {
      const { credentials, ...item } = await call(
        device.add,
        deviceAddBody(values, registration.stationId ?? 0),
      );
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
      const problems = deviceRefusalProblems(
        error.code,
        error.issues,
        fields,
        values,
        registration.fleetDevices,
      );
      form.setFields(
        problems.map((problem) => ({ name: problem.field, errors: [texts.problemText(problem)] })),
      );
      // What the station holds has changed under us: what the dialog offers follows.
      void registration.fleet.refetch();
    },
  });
  return { add, registeredSn };
}
