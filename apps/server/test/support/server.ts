import { Writable } from 'node:stream';
import type { CallDef } from '@helio/contracts';
import type { DatabaseHandle } from '@helio/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { DeviceLinkHandle } from '../../src/device-link/index.ts';
import type { Admission } from '../../src/device-link/ingest/ingestor.ts';
import type { DeviceCommands } from '../../src/domains/commands/service.ts';
import { seedAccounts } from '../../src/domains/seed/seed.ts';
import type { CallRegistry } from '../../src/http/calls.ts';
import { adjustableClock } from '../../src/platform/clock.ts';
import type { JobRunner } from '../../src/platform/jobs/runner.ts';
import { freshDatabase } from './database.ts';
import { freePort } from './portal-process.ts';

export type Answer = {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; data?: unknown; request_id?: string };
};

export interface TestServer {
  url: string;
  app: FastifyInstance;
  /** The calls the server registered. */
  calls: CallRegistry;
  /** The device link: broker and ingestion. */
  deviceLink: DeviceLinkHandle;
  /** The stored commands to devices. */
  commands: DeviceCommands;
  /** The job runner: `runDue()` after moving the clock, `runAllNow()` for every periodic job too. */
  jobs: JobRunner;
  /** The server's clock: runs with the system's; `advance(ms)` moves it ahead instead of sleeping. */
  clock: ReturnType<typeof adjustableClock>;
  database: DatabaseHandle;
  /** Every log line the server wrote, as text. */
  logs: string[];
  /** POSTs a JSON body (or a raw string) to a call path with an optional token. */
  post(
    path: string,
    body?: unknown,
    options?: { token?: string; raw?: string; contentType?: string },
  ): Promise<Answer>;
  /** POSTs to a contract call. */
  call<C extends CallDef>(call: C, body: unknown, token?: string): Promise<Answer>;
  login(userName?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * For tests whose readings carry fixed dates of the past (clock changes, year ends): devices
 * registered in the test would have those readings refused as older than their registration and,
 * as time goes on, than the backfill horizon. Those rules have their own tests.
 */

export const historyAdmission: Admission = {
  horizonMs: Number.POSITIVE_INFINITY,
  registrationGraceMs: Number.POSITIVE_INFINITY,
};

/**
 * Starts the real server on an ephemeral port over a fresh database, with the demo seed.
 * `extend` may register extra calls before the server listens (to test the pipeline itself).
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    database?: DatabaseHandle;
    extend?: (calls: CallRegistry, app: FastifyInstance) => void;
    /** How old device readings may be; `historyAdmission` for readings of fixed past dates. */
    admission?: Partial<Admission>;
    /** The clock, to go on with one a server before a restart had. */
    clock?: ReturnType<typeof adjustableClock>;
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await freshDatabase());
  // the port is chosen before the app is built: devices are given firmware links at PORTAL_URL
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PORTAL_URL: `http://127.0.0.1:${port}/`,
    LOG_LEVEL: 'info',
    WEB_DIST: '/nonexistent',
    // the embedded broker on any free port: never the fixed default, which may be taken
    MQTT_PORT: '0',
    // the demo plants have their own test; elsewhere they would only add readings to every database
    DEMO_PLANTS: '0',
    // every test file signs many accounts up from 127.0.0.1; the limit has its own test
    SIGNUP_LIMIT_PER_HOUR: '100000',
    ...options.env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const clock = options.clock ?? adjustableClock();
  const { app, calls, deviceLink, commands, jobs } = await buildApp({
    config,
    database,
    logStream,
    admission: options.admission,
    clock,
  });
  options.extend?.(calls, app);
  await seedAccounts(database.db, config, app.log);
  await app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;

  const post: TestServer['post'] = async (path, body, postOptions = {}) => {
    const headers: Record<string, string> = {};
    if (postOptions.token) headers.token = postOptions.token;
    let payload: string | undefined;
    if (postOptions.raw !== undefined) payload = postOptions.raw;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = postOptions.contentType ?? 'application/json';
    const response = await fetch(`${url}/${path}`, { method: 'POST', headers, body: payload });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Answer['body'],
    };
  };

  return {
    url,
    app,
    calls,
    deviceLink,
    commands,
    jobs,
    clock,
    database,
    logs,
    post,
    call: (call, body, token) => post(call.path, body, { token }),
    async login(userName = 'demo', password = 'demo123') {
      const answer = await post('api/user/login', { user_name: userName, pwd: password });
      if (answer.body.code !== 1) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
      return (answer.body.data as { token: string }).token;
    },
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
