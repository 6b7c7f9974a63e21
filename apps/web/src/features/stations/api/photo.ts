import { type FieldIssue, station } from '@helio/contracts';
import { readApiBase } from '../../../lib/api.ts';
import { ApiError, joinUrl } from '../../../lib/api-client.ts';
import { describeApiError, type MessageLookup } from '../../../lib/api-messages.ts';
import { i18n } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notifier.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { readToken } from '../../../lib/session.ts';
import { endSession } from '../../../lib/session-store.ts';

export type UploadedPhoto = ReturnType<typeof station.photo.data.parse>;

/** Catalogue and validation keys contain dots and are looked up flat (as lib/api.ts does). */
const lookup: MessageLookup = {
  has: (ns, key) => i18n.exists(key, { ns, keySeparator: false }),
  text: (ns, key, params) => i18n.t(key, { ns, keySeparator: ns === 'translation' ? '.' : false, ...params }),
};

function fail(code: string, issues: FieldIssue[] = []): never {
  notifyError(describeApiError(code, issues, lookup), code);
  if (code === '1000') {
    // Login expired: the same ending as any call's (lib/api.ts), the guards go to /login.
    endSession();
    queryClient.clear();
  }
  throw new ApiError(code, issues);
}

/**
 * Uploads a station photo (bg/station/photo, multipart field `file`) and answers its id for the
 * station form and its address. A multipart upload is not a JSON call, so it does not go through
 * `call`; its answer is the same envelope and its failures are shown the same way.
 */
export async function uploadStationPhoto(file: File, signal?: AbortSignal): Promise<UploadedPhoto> {
  const token = readToken(localStorage);
  if (!token) throw new ApiError('dropped');
  const body = new FormData();
  body.append(station.photo.field, file);
  let response: Response;
  try {
    response = await fetch(joinUrl(readApiBase(), station.photo.path), {
      method: 'POST',
      headers: { Token: token, Lang: i18n.language },
      body,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return fail('network');
  }
  let answer: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    answer = JSON.parse(await response.text());
  } catch {
    return fail(response.status === 413 ? '200005' : 'network');
  }
  if (answer.code === 1) return station.photo.data.parse(answer.data);
  if (answer.code === 400 && typeof answer.msg === 'string') {
    const issues = (answer.data as { issues?: FieldIssue[] } | undefined)?.issues ?? [];
    return fail(answer.msg, Array.isArray(issues) ? issues : []);
  }
  return fail(response.status === 429 ? 'tooManyRequests' : 'network');
}
