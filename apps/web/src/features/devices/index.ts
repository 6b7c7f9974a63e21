/**
 * What other features use of the device screens: a station's devices (for the station detail),
 * the register dialog, the station picker (the alarm screens' filters), the address of a
 * device's detail and times in a station's zone; the keyboard focus's way back from dialogs,
 * popovers and paging, scrolling tables the keyboard reaches and loading placeholders screen
 * readers skip, which the station screens share; the device password dialog and the typed time
 * of day, which the strategy screens share; a command followed until the device has answered, which
 * the charging screens share; the pieces of the Settings tab the EMS 5000 console
 * builds its parameters on (a parameter's field, a group's checked form, how commands and
 * readings are said); and what the app hands in: the alarm views and the strategy views the
 * device screens show.
 */

export { CommandProgress, type CommandProgressProps } from './components/control/command-progress.tsx';
export { SettingField, type SettingFieldProps } from './components/control/setting-field.tsx';
export { UnlockDialog, type UnlockDialogProps } from './components/control/unlock-dialog.tsx';
export {
  DeviceRegisterDialog,
  type DeviceRegisterDialogProps,
  type FixedStation,
} from './components/device-register-dialog.tsx';
export { QuietSkeleton } from './components/quiet-skeleton.tsx';
export { StationDevices, type StationDevicesProps } from './components/station-devices.tsx';
export { StationSelect } from './components/station-select.tsx';
export {
  type DeviceStrategyViews,
  DeviceStrategyViewsContext,
} from './components/strategy/strategy-views.ts';
export { type SettingsForm, useSettingsForm } from './hooks/use-settings-form.ts';
export { type DeviceAlarmViews, DeviceAlarmViewsContext } from './lib/alarm-views.ts';
export { commandFinished } from './lib/control-commands.ts';
export { type GroupFormValues, typedTime } from './lib/control-settings.ts';
export { DEVICE_LIST_PATH, deviceDetailPath } from './lib/paths.ts';
export { kindUnit, valueKind } from './lib/reading-fields.ts';
export { useCommandTexts } from './lib/use-control-texts.ts';
export { useReadingTexts } from './lib/use-reading-texts.ts';
export { formatZonedDateTime, knownZone, localZone } from './lib/zoned-time.ts';
