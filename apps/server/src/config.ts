import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type FirmwareKey, parseFirmwareKeys } from './domains/firmware/keys.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** Every setting comes from the environment; README.md documents each one. */
const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Base path of the API as the browser sees it (a CDN-hosted web app points it at the API). */
  API_BASE: z.string().default('/'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Map tiles of the station address picker; the picker still works without them (coordinates, search). */
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  DEMO: flag.default(true),
  DEMO_PASSWORD: z.string().min(6).default('demo123'),
  /** With DEMO: the demo installer's plants, driven live by the simulator in this process. */
  DEMO_PLANTS: flag.default(true),
  /** Days of history the demo plants are given on their first start. */
  DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(366).default(21),
  INSTALLER_NAME: z.string().optional(),
  INSTALLER_EMAIL: z.string().optional(),
  INSTALLER_PASSWORD: z.string().optional(),
  /** Behind a load balancer: take the client address from X-Forwarded-For (never trust it otherwise). */
  TRUST_PROXY: flag.default(false),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(168),
  /** Sign-ups from one client address, and name or email changes or invitations by one account, per hour (then 1008). */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A real broker (Mosquitto with dynamic security) with the portal's own credentials; else embedded. */
  MQTT_URL: z.string().url().optional(),
  /** The embedded broker's port (0: any free one). */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1884),
  /** mqtts on the embedded broker: PEM files of its certificate (chain) and key, both or neither. */
  MQTT_TLS_CERT: z.string().min(1).optional(),
  MQTT_TLS_KEY: z.string().min(1).optional(),
  MQTT_TLS_PORT: z.coerce.number().int().min(0).max(65535).default(8883),
  /** Seconds a new connection to the embedded broker has to send CONNECT (fractions allowed). */
  MQTT_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  /** Open connections to the embedded broker from one address; 0: no limit. */
  MQTT_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(100),
  /**
   * The portal's client id on a real broker: its persistent session and its share of the shared
   * subscription. Stable across restarts; each replica its own.
   */
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('helio-portal'),
  /** The broker address devices are given with their credentials, as they reach it. */
  MQTT_PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  /** The portal's address as users open it (links in mails); default http://localhost:PORT/. */
  PORTAL_URL: z.string().url().optional(),
  /** Hours a command waits for an offline device before it expires. */
  COMMAND_TTL_HOURS: z.coerce.number().min(0.01).max(720).default(24),
  MAIL_FROM: z.string().min(3).default('Helio <no-reply@helio.invalid>'),
  /** A device silent this long (and at least three of its intervals) gets a communication-lost alarm. */
  ALARM_SILENT_MINUTES: z.coerce.number().positive().max(10_080).default(30),
  /** After an alarm notice about a device, its further alarms stay quiet this long unless more severe. */
  ALARM_QUIET_MINUTES: z.coerce.number().min(0).max(10_080).default(30),
  /** Open-Meteo compatible weather API of the station weather widget; empty or `off`: none. */
  WEATHER_URL: z
    .string()
    .trim()
    .default('https://api.open-meteo.com')
    .pipe(z.union([z.enum(['', 'off']).transform(() => undefined), z.url({ protocol: /^https?$/ })])),
  /** Public keys firmware images must be signed with: base64 of raw 32-byte Ed25519 keys, comma-separated. */
  FIRMWARE_KEYS: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  apiBase: string;
  webDist: string;
  mapTileUrl: string;
  mapAttribution: string;
  demo: boolean;
  demoPassword: string;
  demoPlants: boolean;
  demoHistoryDays: number;
  installer: { userName: string; email: string; password: string } | undefined;
  sessionTtlMs: number;
  signupLimitPerHour: number;
  trustProxy: boolean;
  logLevel: string;
  mqttUrl: string | undefined;
  mqttPort: number;
  /** The embedded broker's mqtts: certificate and key files and port; undefined: plain MQTT only. */
  mqttTls: { certFile: string; keyFile: string; port: number } | undefined;
  mqttConnectTimeoutMs: number;
  /** 0: no limit. */
  mqttMaxConnectionsPerAddress: number;
  mqttPublicUrl: string | undefined;
  mqttClientId: string;
  smtpUrl: string | undefined;
  portalUrl: string;
  commandTtlMs: number;
  mailFrom: string;
  alarmSilentMs: number;
  alarmQuietMs: number;
  /** Base URL of the weather provider; undefined: sun times only. */
  weatherUrl: string | undefined;
  /** FIRMWARE_KEYS: none, and every firmware upload is refused (signed by an unknown key). */
  firmwareKeys: FirmwareKey[];
  version: string;
  /** Answers are checked against their contract schema (on in tests, so drift fails loudly). */
  checkAnswers: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = '1.0.1'): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const installerParts = [e.INSTALLER_NAME, e.INSTALLER_EMAIL, e.INSTALLER_PASSWORD];
  if (installerParts.some(Boolean) && !installerParts.every(Boolean)) {
    throw new ConfigError('INSTALLER_NAME, INSTALLER_EMAIL and INSTALLER_PASSWORD must be given together');
  }
  if (Boolean(e.MQTT_TLS_CERT) !== Boolean(e.MQTT_TLS_KEY)) {
    throw new ConfigError('MQTT_TLS_CERT and MQTT_TLS_KEY must be given together');
  }
  let firmwareKeys: FirmwareKey[];
  try {
    firmwareKeys = parseFirmwareKeys(e.FIRMWARE_KEYS);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  FIRMWARE_KEYS: ${(error as Error).message}`);
  }
  const apiBase = e.API_BASE.endsWith('/') ? e.API_BASE : `${e.API_BASE}/`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    apiBase,
    webDist: path.resolve(e.WEB_DIST),
    mapTileUrl: e.MAP_TILE_URL,
    mapAttribution: e.MAP_TILE_ATTRIBUTION,
    demo: e.DEMO,
    demoPassword: e.DEMO_PASSWORD,
    demoPlants: e.DEMO && e.DEMO_PLANTS,
    demoHistoryDays: e.DEMO_HISTORY_DAYS,
    installer:
      e.INSTALLER_NAME && e.INSTALLER_EMAIL && e.INSTALLER_PASSWORD
        ? { userName: e.INSTALLER_NAME, email: e.INSTALLER_EMAIL, password: e.INSTALLER_PASSWORD }
        : undefined,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    signupLimitPerHour: e.SIGNUP_LIMIT_PER_HOUR,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    mqttUrl: e.MQTT_URL,
    mqttPort: e.MQTT_PORT,
    mqttTls:
      e.MQTT_TLS_CERT && e.MQTT_TLS_KEY
        ? {
            certFile: path.resolve(e.MQTT_TLS_CERT),
            keyFile: path.resolve(e.MQTT_TLS_KEY),
            port: e.MQTT_TLS_PORT,
          }
        : undefined,
    mqttConnectTimeoutMs: e.MQTT_CONNECT_TIMEOUT_SECONDS * 1000,
    mqttMaxConnectionsPerAddress: e.MQTT_MAX_CONNECTIONS_PER_ADDRESS,
    mqttPublicUrl: e.MQTT_PUBLIC_URL,
    mqttClientId: e.MQTT_CLIENT_ID,
    smtpUrl: e.SMTP_URL,
    portalUrl: (e.PORTAL_URL ?? `http://localhost:${e.PORT}/`).replace(/\/?$/, '/'),
    commandTtlMs: e.COMMAND_TTL_HOURS * 3_600_000,
    mailFrom: e.MAIL_FROM,
    alarmSilentMs: e.ALARM_SILENT_MINUTES * 60_000,
    alarmQuietMs: e.ALARM_QUIET_MINUTES * 60_000,
    weatherUrl: e.WEATHER_URL,
    firmwareKeys,
    version,
    checkAnswers: env.NODE_ENV === 'test',
  };
}
