import { defaultLanguage, type EventStreamDef } from '@helio/contracts';
import type { z } from 'zod';
import { readApiBase } from './api.ts';
import { ApiError } from './api-client.ts';
import { i18n } from './i18n.ts';
import { readToken } from './session.ts';

/**
 * Reads a stream of server-sent events (contracts `EventStreamDef`): POST with the `Token` and
 * `Lang` headers (an `EventSource` cannot send a header, and a token in the address would be
 * logged), each `data:` line parsed against the stream's event schema, events that do not parse
 * skipped. Resolves when the server ends the stream; rejects with `ApiError` when it refused to
 * begin (its envelope's code, `dropped` without a stored token) or the network failed, and ends
 * quietly when `signal` aborts.
 */
export async function readEventStream<S extends EventStreamDef>(
  def: S,
  body: z.input<S['body']>,
  onEvent: (event: z.output<S['event']>) => void,
  signal: AbortSignal,
): Promise<void> {
  const token = readToken(localStorage);
  if (!token) throw new ApiError('dropped');
  let response: Response;
  try {
    response = await fetch(`${readApiBase()}${def.path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        Token: token,
        Lang: i18n.language || defaultLanguage,
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) return;
    throw error instanceof Error ? new ApiError('network') : error;
  }
  if (!response.ok || !response.body) {
    const envelope = (await response.json().catch(() => null)) as { msg?: unknown } | null;
    throw new ApiError(typeof envelope?.msg === 'string' ? envelope.msg : 'network');
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of block.split('\n')) {
          if (!line.startsWith('data: ')) continue;
          let json: unknown;
          try {
            json = JSON.parse(line.slice(6));
          } catch {
            continue;
          }
          const event = def.event.safeParse(json);
          if (event.success) onEvent(event.data as z.output<S['event']>);
        }
      }
    }
  } catch (error) {
    if (signal.aborted) return;
    throw error instanceof Error ? new ApiError('network') : error;
  }
}
