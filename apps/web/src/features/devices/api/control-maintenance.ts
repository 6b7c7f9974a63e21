import { control, firmware } from '@helio/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { controlKey, useRefreshControl } from './control.ts';

/**
 * A device's maintenance (api/setting/selfTest, debug, restart, system) and what it keeps of its
 * past: the self-test's report, its upgrade records and the messages it had refused. Quiet calls:
 * the sections say their refusals (8001, 240000, …) where they happened.
 */

/** A maintenance act on a device: each answers the command it became. */
export function useMaintenance(sn: string) {
  const refresh = useRefreshControl(sn);
  const onSuccess = () => void refresh();
  return {
    selfTest: useMutation({
      mutationFn: () => call(control.selfTest, { equ_sn: sn }, { quiet: true }),
      onSuccess,
    }),
    debug: useMutation({
      mutationFn: (ask: { action: 'start' | 'stop'; minutes?: number }) =>
        call(control.debug, { equ_sn: sn, ...ask }, { quiet: true }),
      onSuccess,
    }),
    restart: useMutation({
      mutationFn: () => call(control.restart, { equ_sn: sn }, { quiet: true }),
      onSuccess,
    }),
    system: useMutation({
      mutationFn: (action: 'sync_clock' | 'restore_defaults') =>
        call(control.systemAction, { equ_sn: sn, action }, { quiet: true }),
      onSuccess,
    }),
  };
}

/** A self-test's report, asked when it is opened. */
export function useSelfTestReport(commandId: string | undefined) {
  return useQuery({
    queryKey: ['devices', 'control-self-test', commandId],
    queryFn: ({ signal }) =>
      call(control.selfTestReport, { command_id: commandId ?? '' }, { signal, quiet: true }),
    enabled: commandId !== undefined,
  });
}

/** The device's upgrade records (api/setting/system/updateLog), newest first, a page at a time. */
export function useUpgradeRecords(sn: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...controlKey(sn), 'upgrades', page, pageSize],
    queryFn: ({ signal }) =>
      call(firmware.updateLog, { equ_sn: sn, page, page_size: pageSize }, { signal, quiet: true }),
    placeholderData: keepPreviousData,
  });
}

/** The messages the portal refused or dropped from the device, asked when the panel is opened. */
export function useDiagnostics(sn: string, enabled: boolean) {
  return useQuery({
    queryKey: [...controlKey(sn), 'diagnostics'],
    queryFn: ({ signal }) => call(control.diagnostics, { equ_sn: sn }, { signal, quiet: true }),
    enabled,
  });
}
