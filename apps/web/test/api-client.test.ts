import { auth, type CallDef, common, station } from '@helio/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, encodeBody, joinUrl } from '../src/lib/api-client.ts';
import { FakeStorage } from './fake-storage.ts';

const session = {
  TOKEN: 'secret-token',
  loginUserId: '5',
  loginName: 'demo',
  roleId: '1',
  curLang: 'pl',
  menuList: '[]',
};

/** A call that needs a token, sent form-encoded like api/user/info. */
const formCall = { ...common.timezone, encoding: 'form' } satisfies CallDef;

function answer(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
}

let storage: FakeStorage;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let notifyError: ReturnType<typeof vi.fn<(text: string, key: string) => void>>;
let onLoginExpired: ReturnType<typeof vi.fn<() => void>>;

function client() {
  return createApiClient({
    baseUrl: () => '/portal',
    storage: () => localStorage,
    language: () => 'pl',
    describe: (code, issues) => `text:${code}${issues[0] ? `:${issues[0].message}` : ''}`,
    notifyError,
    onLoginExpired,
  });
}

function sentHeaders(): Record<string, string> {
  const init = fetchMock.mock.calls[0]?.[1];
  return init?.headers as Record<string, string>;
}

beforeEach(() => {
  storage = new FakeStorage(session);
  fetchMock = vi.fn<typeof fetch>();
  notifyError = vi.fn();
  onLoginExpired = vi.fn();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('API client', () => {
  it('posts JSON to {base}/{path} with the Token and Lang headers and answers the data', async () => {
    fetchMock.mockResolvedValue(answer({ code: 1, msg: '0000', data: null }));
    await expect(client().call(auth.logout, {})).resolves.toBeNull();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/portal/api/user/logout');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{}');
    expect(sentHeaders()).toMatchObject({
      Token: 'secret-token',
      Lang: 'pl',
      'Content-Type': 'application/json',
    });
  });

  it('sends no Token on a public call', async () => {
    fetchMock.mockResolvedValue(answer({ code: 1, msg: '0000', data: 'v1.0.7' }));
    await expect(client().call(common.getWebVer, {})).resolves.toBe('v1.0.7');
    expect(sentHeaders()).not.toHaveProperty('Token');
    expect(sentHeaders().Lang).toBe('pl');
  });

  it('makes public calls without a stored session', async () => {
    storage.clear();
    fetchMock.mockResolvedValue(answer({ code: 1, msg: '0000', data: 'v1.0.1' }));
    await expect(client().call(common.getWebVer, {})).resolves.toBe('v1.0.1');
  });

  it('drops a call that needs a token when none is stored, silently', async () => {
    storage.removeItem('TOKEN');
    const failure = await client()
      .call(auth.logout, {})
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('dropped');
    expect((failure as ApiError).silent).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('sends form-encoded calls as application/x-www-form-urlencoded', async () => {
    fetchMock.mockResolvedValue(answer({ code: 1, msg: '0000', data: null }));
    await client().call(formCall, { page: 2, keyword: 'Nowe Miasto', page_size: undefined });

    expect(sentHeaders()['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sentHeaders().Token).toBe('secret-token');
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('page=2&keyword=Nowe+Miasto');
  });

  it('encodes lists as repeated fields and leaves out empty values', () => {
    expect(encodeBody('form', { ids: [1, 2], none: null, gone: undefined, on: true }).payload).toBe(
      'ids=1&ids=2&on=true',
    );
    expect(encodeBody('json', undefined).payload).toBe('{}');
  });

  it('joins base and path with exactly one slash', () => {
    expect(joinUrl('/', 'api/user/login')).toBe('/api/user/login');
    expect(joinUrl('/portal', 'api/user/login')).toBe('/portal/api/user/login');
    expect(joinUrl('https://h.example/portal/', '/api/x')).toBe('https://h.example/portal/api/x');
  });

  it('rejects a code 400 answer with its catalogue code and shows its message', async () => {
    fetchMock.mockResolvedValue(answer({ code: 400, msg: '1002', request_id: 'r-1' }, 400));
    const failure = (await client()
      .call(auth.login, { user_name: 'demo', pwd: 'wrong' })
      .catch((error: unknown) => error)) as ApiError;

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.code).toBe('1002');
    expect(failure.requestId).toBe('r-1');
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('text:1002', '1002');
    expect(onLoginExpired).not.toHaveBeenCalled();
    expect(storage.getItem('TOKEN')).toBe('secret-token');
  });

  it('passes the field issues of a parameter error on', async () => {
    const issues = [{ path: 'user_name', message: 'validation.userNameRequired' }];
    fetchMock.mockResolvedValue(answer({ code: 400, msg: '200005', data: { issues } }, 400));
    const failure = (await client()
      .call(auth.login, { user_name: '', pwd: 'x' })
      .catch((error: unknown) => error)) as ApiError;

    expect(failure.code).toBe('200005');
    expect(failure.issues).toEqual(issues);
    expect(notifyError).toHaveBeenCalledWith('text:200005:validation.userNameRequired', '200005');
  });

  it('parses the envelope whatever the HTTP status', async () => {
    fetchMock.mockResolvedValue(answer({ code: 400, msg: '9001' }, 403));
    await expect(client().call(auth.logout, {})).rejects.toMatchObject({ code: '9001' });
  });

  it('on 1000 clears the session but keeps curLang, and reports the expired login', async () => {
    storage.setItem('sidebarNote', 'anything else stored goes too');
    fetchMock.mockResolvedValue(answer({ code: 400, msg: '1000' }, 401));
    await expect(client().call(auth.logout, {})).rejects.toMatchObject({ code: '1000' });

    expect(storage.snapshot()).toEqual({ curLang: 'pl' });
    expect(onLoginExpired).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('text:1000', '1000');
  });

  it('reports a network failure when fetch throws', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(client().call(common.getWebVer, {})).rejects.toMatchObject({ code: 'network' });
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('text:network', 'network');
  });

  it('reports a network failure when the body is not JSON', async () => {
    fetchMock.mockResolvedValue(answer('<html>502 Bad Gateway</html>', 502));
    await expect(client().call(common.getWebVer, {})).rejects.toMatchObject({ code: 'network' });
    expect(notifyError).toHaveBeenCalledWith('text:network', 'network');
  });

  it('shows sign-in throttling (1007, HTTP 429) by its catalogue code', async () => {
    fetchMock.mockResolvedValue(answer({ code: 400, msg: '1007' }, 429));
    await expect(client().call(auth.login, { user_name: 'demo', pwd: 'x' })).rejects.toMatchObject({
      code: '1007',
    });
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('text:1007', '1007');
  });

  it('maps JSON that is not an envelope by its status', async () => {
    fetchMock.mockResolvedValueOnce(answer({ statusCode: 429, error: 'Too Many Requests' }, 429));
    await expect(client().call(common.getWebVer, {})).rejects.toMatchObject({ code: 'tooManyRequests' });
    fetchMock.mockResolvedValueOnce(answer({ statusCode: 404 }, 404));
    await expect(client().call(common.getWebVer, {})).rejects.toMatchObject({ code: 'notFound' });
  });

  it('stays quiet when asked, but still ends the session on 1000', async () => {
    fetchMock.mockResolvedValue(answer({ code: 400, msg: '1000' }, 401));
    await expect(client().call(auth.logout, {}, { quiet: true })).rejects.toMatchObject({ code: '1000' });
    expect(notifyError).not.toHaveBeenCalled();
    expect(onLoginExpired).toHaveBeenCalledTimes(1);
    expect(storage.getItem('TOKEN')).toBeNull();
  });

  it('does not report a cancelled call', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(client().call(common.getWebVer, {}, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(notifyError).not.toHaveBeenCalled();
  });
});

describe('uploads', () => {
  it('send the file as the multipart field with the Token header and answer the data', async () => {
    fetchMock.mockResolvedValue(
      answer({ code: 1, msg: '0000', data: { photo_id: 'abc', photo_url: '/photos/abc' } }),
    );
    const file = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await expect(client().upload(station.photo, file)).resolves.toEqual({
      photo_id: 'abc',
      photo_url: '/photos/abc',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/portal/${station.photo.path}`);
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init!.body as FormData).get(station.photo.field)).toBeInstanceOf(Blob);
    expect(sentHeaders()).toMatchObject({ Token: 'secret-token', Lang: 'pl' });
    expect(sentHeaders()).not.toHaveProperty('Content-Type');
  });

  it('show refusals like any call, and a size refusal without envelope as 200005', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 400, msg: '240401' }, 400));
    await expect(client().upload(station.photo, new Blob(['x']))).rejects.toMatchObject({ code: '240401' });
    expect(notifyError).toHaveBeenCalledWith('text:240401', '240401');
    fetchMock.mockResolvedValueOnce(answer('Request Entity Too Large', 413));
    await expect(client().upload(station.photo, new Blob(['x']))).rejects.toMatchObject({ code: '200005' });
  });

  it('are dropped without a stored token', async () => {
    storage.removeItem('TOKEN');
    await expect(client().upload(station.photo, new Blob(['x']))).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
