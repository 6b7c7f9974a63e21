import type { control, EventStreamDef } from '@helio/contracts';
import { vi } from 'vitest';

/**
 * A device's live stream the test writes to, answered for `def`'s path with the headers it was
 * opened with; every other call goes on to the fetch stubbed before (the fake API).
 */
export function liveStream(def: EventStreamDef) {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(opened) {
      controller = opened;
    },
  });
  const headers: Record<string, string>[] = [];
  const fake = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith(def.path)) {
      headers.push({ ...(init?.headers as Record<string, string>) });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    return fake(input, init);
  });
  return {
    headers,
    send: (event: control.DeviceLiveEvent) =>
      controller?.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
  };
}
