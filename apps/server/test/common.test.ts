import { common } from '@helio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login();
});
afterAll(() => server.close());

type ListData<T> = { total: number; list: T[] };

describe('common calls', () => {
  it('api/com/getWebVer needs no token and answers the version text', async () => {
    const answer = await server.call(common.getWebVer, {});
    expect(answer.body).toMatchObject({ code: 1, msg: '0000', data: 'v1.0.1' });
  });

  it('api/com/currency pages the ISO 4217 list and names currencies in the asked language', async () => {
    const first = await server.call(common.currency, { page: 1, page_size: 10 }, token);
    const data = first.body.data as ListData<{ currency_code: string }>;
    expect(data.total).toBeGreaterThan(150);
    expect(data.list).toHaveLength(10);
    const second = await server.call(common.currency, { page: 2, page_size: 10 }, token);
    const next = second.body.data as ListData<{ currency_code: string }>;
    expect(next.list[0]!.currency_code > data.list[9]!.currency_code).toBe(true);

    const euro = await server.call(common.currency, { keyword: 'EUR', language: 'pl' }, token);
    expect((euro.body.data as ListData<{ currency_code: string; name: string }>).list).toContainEqual(
      expect.objectContaining({ currency_code: 'EUR', name: expect.stringMatching(/euro/i), digits: 2 }),
    );
  });

  it('takes the language from the Lang header when the body names none', async () => {
    const response = await fetch(`${server.url}/api/areainfo`, {
      method: 'POST',
      headers: { token, lang: 'pl', 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: 'niemcy' }),
    });
    const body = (await response.json()) as { data: ListData<{ area_code: string; name: string }> };
    expect(body.data.list).toEqual([
      expect.objectContaining({ area_code: 'DE', name: 'Niemcy', level: 'country' }),
    ]);
  });

  it('api/com/timezone lists IANA zones with offsets', async () => {
    const answer = await server.call(common.timezone, { keyword: 'warsaw' }, token);
    expect((answer.body.data as ListData<unknown>).list).toEqual([
      expect.objectContaining({
        timezone: 'Europe/Warsaw',
        utc_offset: expect.stringMatching(/^\+0[12]:00$/),
      }),
    ]);
  });

  it('api/areainfo walks countries → subdivisions → cities', async () => {
    const countries = (await server.call(common.areainfo, {}, token)).body.data as ListData<{
      area_code: string;
    }>;
    expect(countries.total).toBeGreaterThan(240);
    const provinces = (await server.call(common.areainfo, { country_code: 'pl' }, token)).body
      .data as ListData<{
      area_code: string;
    }>;
    expect(provinces.list.map((p) => p.area_code)).toContain('PL-14');
    const cities = (
      await server.call(
        common.areainfo,
        { country_code: 'PL', province_code: 'PL-14', keyword: 'wars' },
        token,
      )
    ).body.data as ListData<{ name: string; latitude: number; level: string }>;
    expect(cities.list[0]).toMatchObject({ level: 'city' });
    expect(cities.list[0]!.latitude).toBeCloseTo(52.23, 1);
  });

  it('an unknown country answers an empty list, not an error', async () => {
    const answer = await server.call(common.areainfo, { country_code: 'QQ' }, token);
    expect(answer.body).toMatchObject({ code: 1, data: { total: 0, list: [] } });
  });

  it('refuses a page size over the limit with 200005', async () => {
    const answer = await server.call(common.currency, { page_size: 100_000 }, token);
    expect(answer.body.msg).toBe('200005');
  });
});
