import { type CallBody, device, firmware, languages } from '@helio/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';
import { anyTaskMoving, isTaskOver } from '../lib/task-view.ts';

/**
 * Installers' upgrade tasks (api/firmware/choices, task/*): the devices to choose from, what
 * the chosen ones can take, starting a task, the task list and one task's rows, each asked again
 * while something moves (react-query stops asking while the page is hidden), and pausing,
 * resuming or cancelling a task.
 */

export const tasksKey = ['upgrade-tasks'] as const;

/** The task list is asked again this often while a task runs or waits for its start. */
export const TASK_LIST_POLL_MS = 5_000;
/** A task's page is asked again this often until the task is over. */
export const TASK_DETAIL_POLL_MS = 3_000;

export type TaskListParams = CallBody<typeof firmware.taskList>;

export function useTaskList(params: TaskListParams) {
  return useQuery({
    queryKey: [...tasksKey, 'list', params],
    queryFn: ({ signal }) => call(firmware.taskList, params, { signal, quiet: true }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data && anyTaskMoving(query.state.data.list) ? TASK_LIST_POLL_MS : false,
  });
}

/** One task with its rows, asked again until it is over. */
export function useTaskDetail(taskId: number) {
  return useQuery({
    queryKey: [...tasksKey, 'detail', taskId],
    queryFn: async ({ signal }) => {
      const answer = await call(firmware.taskDetail, { task_id: taskId }, { signal, quiet: true });
      if (!('rows' in answer)) throw new Error('an export answered without asking for one');
      return answer;
    },
    refetchInterval: (query) =>
      query.state.data && isTaskOver(query.state.data.state) ? false : TASK_DETAIL_POLL_MS,
  });
}

/** The address of a task's .xlsx export, in the language asked for. */
export function askTaskExport(taskId: number, language: string, signal: AbortSignal) {
  const known = languages.find((one) => one === language);
  return call(
    firmware.taskDetail,
    { task_id: taskId, export: 1, ...(known ? { language: known } : {}) },
    { signal },
  );
}

export type DeviceSearch = CallBody<typeof device.list>;

/** A page of the caller's devices, of one type, searched by SN. */
export function useDevicesToUpgrade(params: DeviceSearch, enabled: boolean) {
  return useQuery({
    queryKey: [...tasksKey, 'devices', params],
    queryFn: ({ signal }) => call(device.list, params, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** What the chosen devices can take: their model, part versions and the model's files. */
export function useChoices(sns: readonly string[]) {
  return useQuery({
    queryKey: [...tasksKey, 'choices', [...sns].sort()],
    queryFn: ({ signal }) => call(firmware.choices, { sns: [...sns] }, { signal, quiet: true }),
    enabled: sns.length > 0,
    placeholderData: keepPreviousData,
  });
}

export type TaskAdd = CallBody<typeof firmware.taskAdd>;

export function useRefreshTasks(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: tasksKey }), [queryClient]);
}

export function useAddTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (task: TaskAdd) => call(firmware.taskAdd, task, { quiet: true }),
    onSuccess: () => void refresh(),
  });
}

export type TaskAct = 'pause' | 'resume' | 'cancel';

const actCalls = { pause: firmware.taskPause, resume: firmware.taskResume, cancel: firmware.taskCancel };

/** Pauses, resumes or cancels a task. */
export function useTaskAct() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: ({ act, taskId }: { act: TaskAct; taskId: number }) =>
      call(actCalls[act], { task_id: taskId }, { quiet: true }),
    onSettled: () => void refresh(),
  });
}
