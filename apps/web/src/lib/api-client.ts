import type { CallBody, CallData, CallDef, FieldIssue, UploadDef } from '@helio/contracts';
import type { z } from 'zod';
import { clearSession, type KeyValueStorage, readToken } from './session.ts';

/** Catalogue codes the client reacts to itself (SPEC.md §7). */
const LOGIN_EXPIRED = '1000';

/**
 * Why a call failed: a catalogue code of SPEC.md §8, or one of the client's own reasons:
 * `network` (no answer, or an answer that is not JSON), `tooManyRequests`, `notFound`, and
 * `dropped` (a call that needs a token was not sent because none is stored).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    readonly issues: FieldIssue[] = [],
    readonly requestId?: string,
  ) {
    super(`API call failed: ${code}`);
  }

  /** The user was not told, because nothing went wrong that they could act on. */
  get silent(): boolean {
    return this.code === 'dropped';
  }
}

export interface ApiClientOptions {
  /** Base path of every call, e.g. `/` or `/portal/`. */
  baseUrl: () => string;
  storage: () => KeyValueStorage;
  /** Sent as the `Lang` header so that the server answers names in the user's language. */
  language: () => string;
  /** Turns a failure into the sentence shown to the user. */
  describe: (code: string, issues: FieldIssue[]) => string;
  /** Shows a failure; `key` lets repeated failures of one kind replace each other. */
  notifyError: (text: string, key: string) => void;
  /** Called after an answer of 1000 (login expired) has cleared the session. */
  onLoginExpired: () => void;
  fetch?: typeof fetch;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Do not show the failure (the caller ignores it, e.g. sign-out); 1000 still ends the session. */
  quiet?: boolean;
  /**
   * An upload's progress: bytes sent of the body's total. fetch cannot tell it, so an upload
   * given this is sent with XMLHttpRequest (same headers, same answers).
   */
  onUploadProgress?: (sentBytes: number, totalBytes: number) => void;
}

export type ApiCall = <C extends CallDef>(
  def: C,
  body: CallBody<C>,
  options?: CallOptions,
) => Promise<CallData<C>>;

export type ApiUpload = <U extends UploadDef>(
  def: U,
  file: Blob,
  options?: CallOptions,
) => Promise<z.output<U['data']>>;

export function createApiClient(options: ApiClientOptions): { call: ApiCall; upload: ApiUpload } {
  function failWith(
    code: string,
    issues: FieldIssue[],
    requestId: string | undefined,
    quiet: boolean,
  ): never {
    if (!quiet) options.notifyError(options.describe(code, issues), code);
    if (code === LOGIN_EXPIRED) {
      clearSession(options.storage());
      options.onLoginExpired();
    }
    throw new ApiError(code, issues, requestId);
  }

  /**
   * Sends one POST and turns its answer into data or a failure. The Token header goes on every
   * call that is not public; without a stored token the call is dropped, not sent (SPEC.md §7).
   */
  async function send(
    path: string,
    access: CallDef['access'] | UploadDef['access'],
    content: { contentType?: string; payload: BodyInit },
    callOptions: CallOptions,
  ): Promise<unknown> {
    const fail = (code: string, issues: FieldIssue[] = [], requestId?: string): never =>
      failWith(code, issues, requestId, callOptions.quiet ?? false);
    const headers: Record<string, string> = { Lang: options.language() };
    if (access !== 'public') {
      const token = readToken(options.storage());
      if (!token) throw new ApiError('dropped');
      headers.Token = token;
    }
    // A multipart body sets its own Content-Type with the boundary.
    if (content.contentType) headers['Content-Type'] = content.contentType;

    let response: Response;
    try {
      const url = joinUrl(options.baseUrl(), path);
      const init = { method: 'POST', headers, body: content.payload, signal: callOptions.signal };
      const progress = callOptions.onUploadProgress;
      response = progress
        ? await postWithProgress(url, init, progress)
        : await (options.fetch ?? globalThis.fetch)(url, init);
    } catch (error) {
      // A cancelled query is not a failure the user should hear about.
      if (callOptions.signal?.aborted) throw error;
      return fail('network');
    }

    let answer: unknown;
    try {
      answer = JSON.parse(await response.text());
    } catch (error) {
      if (callOptions.signal?.aborted) throw error;
      // A body refused by a proxy for its size has no envelope.
      return fail(response.status === 413 ? '200005' : 'network');
    }

    // Every answer is an envelope whatever the HTTP status (200, 400, 401, 403, 404, 429).
    if (isEnvelope(answer)) {
      if (answer.code === 1) return answer.data;
      if (answer.code === 400 && typeof answer.msg === 'string') {
        return fail(answer.msg, issuesOf(answer.data), answer.request_id);
      }
    }
    if (response.status === 429) return fail('tooManyRequests');
    if (response.status === 404) return fail('notFound');
    return fail('network');
  }

  async function call<C extends CallDef>(
    def: C,
    body: CallBody<C>,
    callOptions: CallOptions = {},
  ): Promise<CallData<C>> {
    const encoded = encodeBody(def.encoding, body);
    return (await send(def.path, def.access, encoded, callOptions)) as CallData<C>;
  }

  /** Uploads one file as the multipart field of an upload definition. */
  async function upload<U extends UploadDef>(
    def: U,
    file: Blob,
    callOptions: CallOptions = {},
  ): Promise<z.output<U['data']>> {
    const form = new FormData();
    form.append(def.field, file);
    return (await send(def.path, def.access, { payload: form }, callOptions)) as z.output<U['data']>;
  }

  return { call, upload };
}

/**
 * A POST through XMLHttpRequest, whose upload reports its progress, answered as fetch would: a
 * Response, or a TypeError when no answer came (an AbortError when `signal` aborted it).
 */
function postWithProgress(
  url: string,
  init: { headers: Record<string, string>; body: BodyInit; signal: AbortSignal | undefined },
  onProgress: (sentBytes: number, totalBytes: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of Object.entries(init.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    request.onload = () => resolve(new Response(request.responseText, { status: request.status || 200 }));
    request.onerror = () => reject(new TypeError('network'));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(init.body as XMLHttpRequestBodyInit);
  });
}

/** `{base}{path}` with exactly one slash between them. */
export function joinUrl(base: string, path: string): string {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  return prefix + path.replace(/^\/+/, '');
}

export function encodeBody(
  encoding: CallDef['encoding'],
  body: unknown,
): { contentType: string; payload: string } {
  if (encoding === 'form') {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
    }
    return { contentType: 'application/x-www-form-urlencoded;charset=UTF-8', payload: params.toString() };
  }
  return { contentType: 'application/json', payload: JSON.stringify(body ?? {}) };
}

interface RawEnvelope {
  code: unknown;
  msg?: unknown;
  data?: unknown;
  request_id?: string;
}

function isEnvelope(value: unknown): value is RawEnvelope {
  return typeof value === 'object' && value !== null && 'code' in value;
}

function issuesOf(data: unknown): FieldIssue[] {
  if (typeof data !== 'object' || data === null || !('issues' in data)) return [];
  const { issues } = data as { issues: unknown };
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is FieldIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof issue.message === 'string' &&
      typeof issue.path === 'string',
  );
}
