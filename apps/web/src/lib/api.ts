import { type CallBody, type CallData, type CallDef, defaultLanguage } from '@helio/contracts';
import { ApiError, type CallOptions, createApiClient } from './api-client.ts';
import { describeApiError, type MessageLookup } from './api-messages.ts';
import { i18n } from './i18n.ts';
import { notifyError } from './notifier.ts';

export { ApiError } from './api-client.ts';

/** What the app does after 1000 (login expired) has cleared the session; set by the app shell. */
let loginExpiredHandler = () => window.location.assign('/login');

export function onLoginExpired(handler: () => void): void {
  loginExpiredHandler = handler;
}

/** Base path of every call, from `<meta name="helio-api-base">` (the server may rewrite it). */
export function readApiBase(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="helio-api-base"]')?.content || '/';
}

/** Catalogue and validation keys contain dots and are looked up flat. */
const lookup: MessageLookup = {
  has: (ns, key) => i18n.exists(key, { ns, keySeparator: false }),
  text: (ns, key, params) => i18n.t(key, { ns, keySeparator: ns === 'translation' ? '.' : false, ...params }),
};

const client = createApiClient({
  baseUrl: readApiBase,
  storage: () => localStorage,
  language: () => i18n.language || defaultLanguage,
  describe: (code, issues) => describeApiError(code, issues, lookup),
  notifyError,
  onLoginExpired: () => loginExpiredHandler(),
});

/**
 * Calls the API: `call(auth.login, {user_name, pwd})` answers the call's data, typed by its
 * definition in `@helio/contracts`. Failures are shown to the user here and reject with `ApiError`.
 */
export const call = client.call;

/** Uploads one file (e.g. a station photo) with the same headers and failure handling as `call`. */
export const upload = client.upload;

/**
 * `call` for a definition loaded on demand (see call-definitions.ts). A definition that cannot be
 * downloaded is a network failure like any other.
 */
export async function callOnDemand<C extends CallDef>(
  loadDef: () => Promise<C>,
  body: CallBody<C>,
  options?: CallOptions,
): Promise<CallData<C>> {
  let def: C;
  try {
    def = await loadDef();
  } catch {
    notifyError(lookup.text('errors', 'network'), 'network');
    throw new ApiError('network');
  }
  return call(def, body, options);
}

/**
 * The sentence for a failed call, as the API client would show it: for screens that called quietly
 * and show the reason in place (a field, an empty table) rather than as a passing message.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return describeApiError(error.code, error.issues, lookup);
  return lookup.text('errors', 'network');
}
