import { type ComponentType, createContext, useContext } from 'react';

/**
 * The alarm views the device screens show: a row's count of happening alarms (the device list, a
 * station's devices) and the detail's alarm tab. They are the alarm screens', and those link back to
 * devices (pickers, addresses, times in a station's zone), so the device screens do not import them:
 * the app hands them in here (app/layout/app-layout.tsx), and the two features do not import each other.
 */
export interface DeviceAlarmViews {
  /** The count of a device's happening alarms, linking to the alarm list showing them. */
  AlarmCount: ComponentType<{ count: number; sn: string }>;
  /** A device's alarms: happening ones, then ended ones. */
  DeviceAlarms: ComponentType<{ deviceId: number; sn: string }>;
}

export const DeviceAlarmViewsContext = createContext<DeviceAlarmViews | null>(null);

export function useDeviceAlarmViews(): DeviceAlarmViews {
  const views = useContext(DeviceAlarmViewsContext);
  if (!views)
    throw new Error('The device screens are shown without their alarm views (DeviceAlarmViewsContext)');
  return views;
}
