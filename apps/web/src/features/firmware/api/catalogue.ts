import { type CallBody, firmware } from '@helio/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, upload } from '../../../lib/api.ts';

/**
 * The operator's catalogue (api/firmware/series|model|file/*): series, their models and the
 * signed files. Every call is quiet: the screen says a refusal where it happened (9001 for any
 * other account in place of the lists, 7000/7001/7004/240401 in the dialogs, field issues under
 * their fields).
 */

/** Every answer about the catalogue, so one invalidation refreshes its three lists. */
export const catalogueKey = ['firmware-catalogue'] as const;

export function useRefreshCatalogue(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: catalogueKey }), [queryClient]);
}

export function useSeriesList() {
  return useQuery({
    queryKey: [...catalogueKey, 'series'],
    queryFn: ({ signal }) => call(firmware.seriesList, {}, { signal, quiet: true }),
  });
}

/** The models of one series, or of all. */
export function useModelList(seriesId: number | undefined) {
  return useQuery({
    queryKey: [...catalogueKey, 'models', seriesId ?? 'all'],
    queryFn: ({ signal }) =>
      call(firmware.modelList, seriesId === undefined ? {} : { series_id: seriesId }, {
        signal,
        quiet: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export type FileListParams = CallBody<typeof firmware.fileList>;

/** A page of files, newest first; the previous page stays on screen while the next one loads. */
export function useFileList(params: FileListParams) {
  return useQuery({
    queryKey: [...catalogueKey, 'files', params],
    queryFn: ({ signal }) => call(firmware.fileList, params, { signal, quiet: true }),
    placeholderData: keepPreviousData,
  });
}

export function useAddSeries() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (name: string) => call(firmware.seriesAdd, { name }, { quiet: true }),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteSeries() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (seriesId: number) => call(firmware.seriesDel, { series_id: seriesId }, { quiet: true }),
    onSettled: () => void refresh(),
  });
}

export type ModelAdd = CallBody<typeof firmware.modelAdd>;

export function useAddModel() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (model: ModelAdd) => call(firmware.modelAdd, model, { quiet: true }),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteModel() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (modelId: number) => call(firmware.modelDel, { model_id: modelId }, { quiet: true }),
    onSettled: () => void refresh(),
  });
}

/**
 * Stages an image (api/firmware/file/upload, multipart field `file`) through the API client,
 * which reports the bytes sent; answers its upload id, SHA-256 and size.
 */
export function useUploadImage() {
  return useMutation({
    mutationFn: ({
      file,
      signal,
      onProgress,
    }: {
      file: File;
      signal: AbortSignal;
      onProgress: (percent: number) => void;
    }) =>
      upload(firmware.fileUpload, file, {
        signal,
        quiet: true,
        onUploadProgress: (sent, total) => onProgress(total > 0 ? Math.floor((sent * 100) / total) : 0),
      }),
  });
}

export type FileAdd = CallBody<typeof firmware.fileAdd>;

/** Publishes a staged image with its signature. */
export function useAddFile() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (file: FileAdd) => call(firmware.fileAdd, file, { quiet: true }),
    onSuccess: () => void refresh(),
  });
}

/** Withdraws a file (200701 while an unfinished task uses it). */
export function useDeleteFile() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (fileId: number) => call(firmware.fileDel, { file_id: fileId }, { quiet: true }),
    onSettled: () => void refresh(),
  });
}
