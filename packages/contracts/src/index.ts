export * from './alarms.ts';
export * from './api/call.ts';
export type { AlarmItem, ReportItem } from './api/calls/alarm.ts';
export type { MenuItem } from './api/calls/auth.ts';
export type {
  ChargingFigures,
  ChargingForecast,
  ChargingPlanView,
  ChargingRecord,
  ChargingRecordsData,
} from './api/calls/charging.ts';
export type { ChartData, ChartDownload, ChartKind, ChartSeriesKey } from './api/calls/chart.ts';
export type { CommandItem, CommandStateName, DiagnosticKind, SettingsView } from './api/calls/control.ts';
export type { DeviceCredentials, DeviceItem } from './api/calls/device.ts';
export type {
  FirmwareFileItem,
  FirmwareModelItem,
  FirmwareSeriesItem,
  UpgradeRecord,
  UpgradeTaskItem,
  UpgradeTaskRow,
} from './api/calls/firmware.ts';
export * from './api/calls/index.ts';
export type { LogItem, MessageItem, RequestItem } from './api/calls/message.ts';
export type { EnergyBlock, OverviewData, PowerFlowData } from './api/calls/plant.ts';
export type { StationItem, StationListColumn } from './api/calls/station-items.ts';
export type { StrategyItem, StrategyState, TemplateItem } from './api/calls/strategy.ts';
export type { TariffView, UsageData, UsageFigures, UsageSplit } from './api/calls/tariff.ts';
export {
  type AccountItem,
  EMAIL_CHANGE_VALID_HOURS,
  INVITATION_VALID_DAYS,
  type InvitationState,
  invitationStates,
} from './api/calls/user.ts';
export * from './api/envelope.ts';
export * from './api/paging.ts';
export * from './calendar.ts';
export * from './charging/plan.ts';
export * from './charging/planner.ts';
export * from './control/device-settings.ts';
export * from './control/ems-console.ts';
export * from './control/grid-standards.ts';
export * from './control/settings-check.ts';
export * from './display.ts';
export * from './energy.ts';
export * from './enums.ts';
export * from './errors/codes.ts';
export * from './firmware.ts';
export * from './fleet-rules.ts';
export * from './i18n.ts';
export * from './strategy/command.ts';
export * from './strategy/templates.ts';
export * from './tariffs.ts';
export * from './validation/index.ts';
export * from './weather.ts';
