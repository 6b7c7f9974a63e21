import type { DeviceItem, StrategyItem } from '@helio/contracts';
import { type ComponentType, createContext, useContext } from 'react';

/**
 * What the Strategy tab shows of the strategy screens: a strategy's slots on the 24-hour bar and
 * the dialog that applies a template. Those screens use the device password dialog of these, so the
 * device screens do not import them: the app hands them in (app/layout/app-layout.tsx), as it does
 * the alarm views.
 */
export interface DeviceStrategyViews {
  /** A strategy's slots on the 24-hour bar, each also listed for screen readers. */
  StrategySlotsBar: ComponentType<{ slots: StrategyItem['slots']; caption?: string; testId?: string }>;
  /** Applies a template to devices, these chosen when it opens; `onApplied` once all have answered. */
  ApplyDialog: ComponentType<{
    devices?: readonly DeviceItem[];
    open: boolean;
    onClose: () => void;
    afterClose?: () => void;
    onApplied?: () => void;
  }>;
}

export const DeviceStrategyViewsContext = createContext<DeviceStrategyViews | null>(null);

export function useDeviceStrategyViews(): DeviceStrategyViews {
  const views = useContext(DeviceStrategyViewsContext);
  if (!views)
    throw new Error('The Strategy tab is shown without its strategy views (DeviceStrategyViewsContext)');
  return views;
}
