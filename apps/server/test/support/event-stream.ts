import type { EventStreamDef } from '@helio/contracts';
import type { z } from 'zod';
import type { TestServer } from './server.ts';

/**
 * A stream of server-sent events as a client reads it: the response (a refusal's envelope when it
 * did not begin), its events in order, whether it has ended, and leaving it.
 */
export async function openEventStream<S extends EventStreamDef>(
  server: Pick<TestServer, 'url'>,
  def: S,
  body: z.input<S['body']>,
  token: string,
) {
  const leave = new AbortController();
  const response = await fetch(`${server.url}/${def.path}`, {
    signal: leave.signal,
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
  });
  const events: z.output<S['event']>[] = [];
  let ended = false;
  const reading = (async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of block.split('\n'))
          if (line.startsWith('data: '))
            events.push(def.event.parse(JSON.parse(line.slice(6))) as z.output<S['event']>);
        end = buffer.indexOf('\n\n');
      }
    }
  })().finally(() => {
    ended = true;
  });
  return {
    response,
    events,
    ended: () => ended,
    close: async () => {
      leave.abort();
      await reading.catch(() => undefined);
    },
  };
}
