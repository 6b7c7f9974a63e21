import { type CallBody, type CommandItem, control, type SettingValue } from '@helio/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { call } from '../../../lib/api.ts';
import { commandFinished } from '../lib/control-commands.ts';
import { devicesKey } from './devices.ts';

/**
 * Remote control of one device (api/setting/*): its settings as last read, the device password,
 * reading and changing values, the network, and following a command until the device has answered.
 * The calls are quiet: the Settings tab says a refusal where it happened (under a field, in the
 * section), not as a passing message.
 */

/** Every answer about one device's control, so that one invalidation refreshes them all. */
export const controlKey = (sn: string) => [...devicesKey, 'control', sn] as const;

/** While the device works on a read or a change, the Settings view is asked again this often. */
const SETTINGS_BUSY_REFRESH_MS = 5_000;
/** A command followed on screen is asked again this often until it has ended. */
export const COMMAND_POLL_MS = 2_000;

export function deviceSettingsQuery(sn: string) {
  return queryOptions({
    queryKey: [...controlKey(sn), 'settings'],
    queryFn: ({ signal }) => call(control.settings, { equ_sn: sn }, { signal, quiet: true }),
  });
}

/** The Settings view of a device; polled while a read or a change is under way. */
export function useDeviceSettings(sn: string) {
  return useQuery({
    ...deviceSettingsQuery(sn),
    refetchInterval: (query) => {
      const view = query.state.data;
      return view && (view.reading !== null || view.pending.length > 0) ? SETTINGS_BUSY_REFRESH_MS : false;
    },
  });
}

/** Refreshes everything shown about a device's control (after a command was sent or ended). */
export function useRefreshControl(sn: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: controlKey(sn) }), [queryClient, sn]);
}

/** Unlocks a device's writes with its password (api/setting/ispwd); 200905 when it is wrong. */
export function useUnlockDevice(sn: string) {
  const refresh = useRefreshControl(sn);
  return useMutation({
    mutationFn: (pwd: string) => call(control.unlock, { equ_sn: sn, pwd }, { quiet: true }),
    onSuccess: () => void refresh(),
  });
}

/** Sets a device's settings password (api/setting/password), its installer's act. */
export function useSetDevicePassword(sn: string) {
  return useMutation({
    mutationFn: (pwd: string) => call(control.setDevicePassword, { equ_sn: sn, pwd }, { quiet: true }),
  });
}

/** Asks the device for its current values (api/setting/read); 7005 while a read is pending. */
export function useReadSettings(sn: string) {
  const refresh = useRefreshControl(sn);
  return useMutation({
    mutationFn: () => call(control.read, { equ_sn: sn }, { quiet: true }),
    onSettled: () => void refresh(),
  });
}

/**
 * An idempotency key per change set: the same changes sent again (a double click, a retry after a
 * lost answer) carry the same key and answer the same command; other changes get a new key.
 */
export function useChangeSetKey(): (changes: unknown) => string {
  const last = useRef<{ json: string; key: string } | null>(null);
  return useCallback((changes: unknown) => {
    const json = JSON.stringify(changes);
    if (last.current?.json !== json) last.current = { json, key: crypto.randomUUID() };
    return last.current.key;
  }, []);
}

/** Changes settings of one group as one command (api/setting/save). */
export function useSaveSettings(sn: string) {
  const keyOf = useChangeSetKey();
  const refresh = useRefreshControl(sn);
  return useMutation({
    mutationFn: (changes: Record<string, SettingValue>) =>
      call(control.save, { equ_sn: sn, key: keyOf(changes), changes }, { quiet: true }),
    onSuccess: () => void refresh(),
  });
}

export type NetworkChange = Omit<CallBody<typeof control.network>, 'equ_sn' | 'key'>;

/** Sets the device's IP configuration (api/setting/network); the device reconnects with it. */
export function useSetNetwork(sn: string) {
  const keyOf = useChangeSetKey();
  const refresh = useRefreshControl(sn);
  return useMutation({
    mutationFn: (change: NetworkChange) =>
      call(control.network, { equ_sn: sn, key: keyOf(change), ...change }, { quiet: true }),
    onSuccess: () => void refresh(),
  });
}

/** One command, asked again every 2 s until it has ended (succeeded, failed or expired). */
export function useCommand(commandId: string | undefined) {
  return useQuery({
    queryKey: [...devicesKey, 'control-command', commandId],
    queryFn: ({ signal }) => call(control.command, { command_id: commandId ?? '' }, { signal, quiet: true }),
    enabled: commandId !== undefined,
    refetchInterval: (query) => {
      const item: CommandItem | undefined = query.state.data;
      return item && commandFinished(item.state) ? false : COMMAND_POLL_MS;
    },
  });
}
