import type { control, EventStreamDef } from '@helio/contracts';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { readEventStream } from './event-stream.ts';

/**
 * A device's live stream while its screen is open (api/ems5000/live, api/charging/live): each new
 * reading or moved command is handed to `onNews`, so the screen fetches again only when something
 * happened; `true` is kept under `liveKey` while the stream is open, so the screen's polls can slow
 * down meanwhile (`isLive`). A stream that ends is opened again after a pause, doubled after each
 * failure; a refusal that leaves nothing to follow (no such device, no session) ends it. Answers
 * whether it is open.
 */

export type DeviceNews = Exclude<control.DeviceLiveEvent, { type: 'ready' }>;

/** Pauses before opening the live stream again, ms: doubled after each failure, up to a minute. */
const LIVE_RETRY_MS = { first: 2_000, most: 60_000 } as const;
/** Refusals after which there is nothing to follow (no such device, no session). */
const finalRefusals: readonly string[] = ['9001', '1000', 'dropped'];

/** Whether the live stream kept under `liveKey` is open now. */
export function isLive(queryClient: QueryClient, liveKey: QueryKey): boolean {
  return queryClient.getQueryData(liveKey) === true;
}

export function useDeviceLive<B extends z.ZodType>(
  def: EventStreamDef<B, typeof control.deviceLiveEvent>,
  body: z.input<B>,
  liveKey: QueryKey,
  onNews: (event: DeviceNews) => void,
): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const news = useRef(onNews);
  news.current = onNews;
  // the effect follows the body's and the key's values, not their identities
  const bodyJson = JSON.stringify(body);
  const keyJson = JSON.stringify(liveKey);
  useEffect(() => {
    const key = JSON.parse(keyJson) as QueryKey;
    const stop = new AbortController();
    const mark = (value: boolean) => {
      queryClient.setQueryData(key, value);
      setOpen(value);
    };
    void (async () => {
      let retryMs: number = LIVE_RETRY_MS.first;
      while (!stop.signal.aborted) {
        try {
          await readEventStream(
            def,
            JSON.parse(bodyJson) as z.input<B>,
            (event) => {
              if (event.type !== 'ready') return news.current(event);
              mark(true);
              retryMs = LIVE_RETRY_MS.first;
            },
            stop.signal,
          );
        } catch (error) {
          if (error instanceof ApiError && finalRefusals.includes(error.code)) break;
        }
        mark(false);
        await pause(retryMs, stop.signal);
        retryMs = Math.min(retryMs * 2, LIVE_RETRY_MS.most);
      }
    })();
    return () => {
      stop.abort();
      queryClient.setQueryData(key, false);
    };
  }, [queryClient, def, bodyJson, keyJson]);
  return open;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
