import type { DeviceType, StationType } from '@helio/contracts';
import { Form, type FormInstance } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { type StationChoice, useStationChoice, useStationFleet } from '../api/devices.ts';
import { type DeviceFormValues, deviceTypeChoices, stationFull } from '../lib/device-form.ts';

/** A station the dialog registers on, fixed by the screen that opens it. */
export interface FixedStation {
  station_id: number;
  station_type: StationType;
  /** Looked up when not given. */
  station_name?: string;
}

/**
 * The station a registration goes to (fixed by the screen, or chosen in the dialog and looked up
 * when only its id is known), what it already holds, and the device types it takes: offered at once
 * from the station's type, some marked once its devices are known. A chosen device type the newly
 * chosen station does not take (or not once more) is cleared.
 */
export function useRegistrationStation(
  form: FormInstance<DeviceFormValues>,
  fixed: FixedStation | undefined,
  open: boolean,
) {
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
  const stationType = station?.station_type;
  const choices = useMemo(
    () =>
      stationType === undefined
        ? []
        : deviceTypeChoices(stationType, fleet.data?.list.map((item) => item.device_type) ?? []),
    [stationType, fleet.data],
  );
  const openTypes = choices.filter((choice) => !choice.refusal).map((choice) => choice.deviceType);

  const chosenType = Form.useWatch('device_type', form) as DeviceType | undefined;
  const typeKey = openTypes.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the offered types are what changes
  useEffect(() => {
    if (chosenType !== undefined && !openTypes.includes(chosenType)) {
      form.setFieldValue('device_type', undefined);
    }
  }, [typeKey]);

  return {
    stationId,
    station,
    /** The station chosen in the picker, with its type (so the types are offered before a lookup). */
    setPicked,
    fleet,
    fleetDevices,
    choices,
    openTypes,
    /** Why the station takes no device at all, if so (3004, 200308). */
    full: stationFull(choices),
  };
}

export type RegistrationStation = ReturnType<typeof useRegistrationStation>;
