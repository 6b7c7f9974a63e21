import type { z } from 'zod';

/**
 * One call of the API (SPEC.md §7): every call is `POST {base}/{path}`.
 * The server registers its route from this, the web client types its fetch with it and the
 * OpenAPI document is generated from it, so a call's shape is written exactly once.
 */
export interface CallDef<Body extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType> {
  /** Path under the base, without a leading slash, e.g. `api/user/login`. */
  path: string;
  summary: string;
  /** OpenAPI tag: the product domain the call belongs to. */
  domain: string;
  /** `public` calls need no Token header (SPEC.md §7); all others do. */
  access: 'public' | 'user';
  /**
   * `write` calls change shared data and are refused (9001) for the read-only demo account;
   * `read` calls only look, or end the caller's own session.
   */
  kind: 'read' | 'write';
  /** `form` calls are sent form-encoded by the client (SPEC.md says "form"); the server takes both. */
  encoding: 'json' | 'form';
  body: Body;
  data: Data;
}

export function defineCall<Body extends z.ZodType, Data extends z.ZodType>(
  call: Omit<CallDef<Body, Data>, 'encoding'> & { encoding?: 'json' | 'form' },
): CallDef<Body, Data> {
  return { encoding: 'json', ...call };
}

export type CallBody<C extends CallDef> = z.input<C['body']>;
export type CallData<C extends CallDef> = z.output<C['data']>;

/**
 * A multipart file upload. It is not a JSON call, so it is kept out of `allCalls`; the server
 * authenticates it and refuses it to the demo account like a write call.
 */
export interface UploadDef<Data extends z.ZodType = z.ZodType> {
  /** Path under the base, without a leading slash. */
  path: string;
  summary: string;
  domain: string;
  access: 'user';
  kind: 'write';
  /** Name of the multipart field that carries the one file. */
  field: string;
  /** Largest file accepted, in bytes; a larger one is refused with 200005. */
  maxBytes: number;
  /** Media types accepted, recognised by the file's first bytes, never by its name or declared type (else 240401). */
  mediaTypes: readonly string[];
  data: Data;
}

/**
 * A stream of server-sent events (`text/event-stream`) answering a POST: authenticated, scoped
 * and validated like a read call, refused with the usual envelope before the stream begins; then
 * one `data:` line of JSON per event, each an `event` of the schema. Kept out of `allCalls`.
 */
export interface EventStreamDef<Body extends z.ZodType = z.ZodType, Event extends z.ZodType = z.ZodType> {
  path: string;
  summary: string;
  domain: string;
  access: 'user';
  kind: 'read';
  body: Body;
  event: Event;
}
