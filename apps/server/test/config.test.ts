import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      demo: true,
      demoPassword: 'demo123',
      apiBase: '/',
      databaseUrl: undefined,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/var/lib/helio',
      DATABASE_URL: 'postgres://root@127.0.0.1:5432/test',
      DEMO: 'off',
      API_BASE: '/portal',
      SESSION_TTL_HOURS: '2',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/var/lib/helio',
      databaseUrl: 'postgres://root@127.0.0.1:5432/test',
      demo: false,
      apiBase: '/portal/',
      sessionTtlMs: 7_200_000,
    });
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('wants the operator installer whole or not at all', () => {
    expect(() => loadConfig({ INSTALLER_NAME: 'acme' })).toThrow(
      /INSTALLER_NAME, INSTALLER_EMAIL and INSTALLER_PASSWORD/,
    );
  });
});
