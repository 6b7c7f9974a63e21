import { type CallData, type CallDef, type FieldIssue, RoleId } from '@helio/contracts';
import { vi } from 'vitest';
import { startSession } from '../../../src/lib/session-store.ts';

/** One call as the screen sent it: its path and its body (JSON or form-encoded, decoded). */
export interface SentCall {
  path: string;
  body: Record<string, unknown>;
}

/** The server's side of one call: its data, or a refusal with the catalogue code (and field issues). */
export type Answer<C extends CallDef> =
  | CallData<C>
  | { refuse: string; issues?: FieldIssue[] }
  | ((body: Record<string, unknown>) => CallData<C> | { refuse: string; issues?: FieldIssue[] });

export interface FakeApi {
  /** Answers a call from now on (the last answer set for a call wins). */
  answer<C extends CallDef>(def: C, answer: Answer<C>): FakeApi;
  /** The calls sent to one path, in order. */
  sent(def: CallDef): SentCall[];
}

function decode(body: unknown): Record<string, unknown> {
  if (typeof body !== 'string' || body === '') return {};
  if (body.startsWith('{')) return JSON.parse(body) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(body));
}

function envelope(result: unknown): Response {
  const refusal =
    typeof result === 'object' && result !== null && 'refuse' in result
      ? (result as { refuse: string; issues?: FieldIssue[] })
      : null;
  const json = refusal
    ? { code: 400, msg: refusal.refuse, data: refusal.issues ? { issues: refusal.issues } : null }
    : { code: 1, msg: '0000', data: result };
  return new Response(JSON.stringify(json), {
    status: refusal ? 400 : 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * The portal's API as the screens reach it: `fetch` answers the calls a test sets with the real
 * envelope, so the screen's own API client, query hooks and error texts run; a call the test did
 * not expect fails it. A signed-in installer's session is stored unless `signedIn: false`.
 */
export function fakeApi({ signedIn = true }: { signedIn?: boolean } = {}): FakeApi {
  const answers = new Map<string, Answer<CallDef>>();
  const calls: SentCall[] = [];
  if (signedIn) {
    startSession({
      token: 'test-token',
      user_id: 7,
      user_name: 'installer',
      role_id: RoleId.installer,
      menu_list: [],
    });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://portal.test/').pathname.replace(/^\//, '');
    const body = decode(init?.body);
    calls.push({ path, body });
    const answer = answers.get(path);
    if (answer === undefined) throw new Error(`unexpected call ${path} ${JSON.stringify(body)}`);
    return envelope(typeof answer === 'function' ? answer(body) : answer);
  });
  const api: FakeApi = {
    answer(def, answer) {
      answers.set(def.path, answer as Answer<CallDef>);
      return api;
    },
    sent: (def) => calls.filter((one) => one.path === def.path),
  };
  return api;
}
