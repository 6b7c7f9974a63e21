import { type CallBody, control } from '@helio/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { anyUnfinished } from '../lib/control-commands.ts';
import { controlKey } from './control.ts';

export type CommandListParams = CallBody<typeof control.commands>;

/** While a listed command is under way, the list is asked again this often. */
export const COMMAND_LIST_REFRESH_MS = 5_000;

/**
 * A device's commands, newest first (api/setting/commands), with the name and state filters: the
 * Log tab's table, and the newest self-test of the maintenance section. Asked again every 5 s
 * while any listed command has not ended.
 */
export function useCommandList(params: CommandListParams) {
  return useQuery({
    queryKey: [...controlKey(params.equ_sn), 'commands', params],
    queryFn: ({ signal }) => call(control.commands, params, { signal, quiet: true }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data && anyUnfinished(query.state.data.list) ? COMMAND_LIST_REFRESH_MS : false,
  });
}
