/**
 * What other features use of the device screens: a station's devices (for the station detail),
 * the register dialog, and the address of a device's detail.
 */
export {
  DeviceRegisterDialog,
  type DeviceRegisterDialogProps,
  type FixedStation,
} from './components/device-register-dialog.tsx';
export { StationDevices, type StationDevicesProps } from './components/station-devices.tsx';
export { DEVICE_LIST_PATH, deviceDetailPath } from './lib/paths.ts';
