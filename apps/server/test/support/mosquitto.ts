import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MAX_MQTT_PACKET_BYTES } from '@helio/contracts/device-link';
import { freePort } from './portal-process.ts';

/**
 * A real Mosquitto for one test: its own process on a free loopback port, its own temp folder
 * (configuration, dynamic-security file, persistence, log). Tests of the production device link
 * run against it, so they exercise the broker the portal is deployed with, not a stand-in.
 * There is no skipping: when Mosquitto is missing the test fails and says how to install it.
 */

/**
 * Broker settings the portal's device link relies on, whatever else the operator configures.
 * The README quotes these lines; the test broker is started with exactly them.
 */
export const portalBrokerSettings: readonly { line: string; why: string }[] = [
  {
    line: 'per_listener_settings false',
    why: 'one authentication and ACL regime (the dynamic-security plugin) for every listener',
  },
  {
    line: 'allow_anonymous false',
    why: 'every client, device or portal, must present a username and password',
  },
  {
    line: 'plugin /usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
    why: 'per-device credentials and ACLs, managed by the portal over $CONTROL/dynamic-security/v1',
  },
  {
    line: 'plugin_opt_config_file /var/lib/mosquitto/dynamic-security.json',
    why: "the plugin's state, created once with `mosquitto_ctrl dynsec init <file> helio-portal`",
  },
  {
    line: 'persistence true',
    why: "the portal's persistent session (subscription, queued and unacknowledged messages) survives a broker restart",
  },
  {
    line: 'autosave_interval 1',
    why: 'Mosquitto acknowledges devices on receipt: write its persistence every second, so a crash of the broker loses at most a second of what it acknowledged',
  },
  {
    line: 'retain_available false',
    why: 'a device can never plant a retained message: Mosquitto disconnects a client that tries',
  },
  {
    line: `max_packet_size ${MAX_MQTT_PACKET_BYTES}`,
    why:
      'the largest packet of the device protocol with its margin (MAX_MQTT_PACKET_BYTES): a client announcing more is ' +
      'disconnected as soon as its fixed header is read, signed in or not, before the body is held in memory',
  },
  {
    line: 'max_inflight_messages 1000',
    why: 'up to 1000 unacknowledged QoS 1 messages in flight to the portal, so a batched commit is not a one-message pipe',
  },
  {
    line: 'max_queued_messages 1000000',
    why: "messages queued for the portal's session while it is away (0 would mean no limit at all); size it to the longest outage you accept",
  },
  {
    line: 'connection_messages true',
    why: 'refused connections (wrong password, unknown device) appear in the log',
  },
  ...['error', 'warning', 'notice', 'information', 'subscribe', 'debug'].map((type) => ({
    line: `log_type ${type}`,
    why:
      'one type per line; Mosquitto 2.0 logs a refused publish ("Denied PUBLISH from <sn> …") only at debug level, ' +
      'which also logs every packet: plan the log volume',
  })),
];

/** Where the dynamic-security plugin is: MOSQUITTO_DYNSEC_PLUGIN, else the usual library folders. */
export function findDynamicSecurityPlugin(): string {
  const fileName = 'mosquitto_dynamic_security.so';
  const fromEnvironment = process.env.MOSQUITTO_DYNSEC_PLUGIN;
  if (fromEnvironment) {
    if (!existsSync(fromEnvironment)) {
      throw new Error(`MOSQUITTO_DYNSEC_PLUGIN points at ${fromEnvironment}, which does not exist.`);
    }
    return fromEnvironment;
  }
  const folders = [
    '/usr/lib',
    '/usr/local/lib',
    '/usr/lib64',
    '/usr/lib/mosquitto',
    '/usr/local/lib/mosquitto',
  ];
  // Debian puts libraries in a multiarch folder (x86_64-linux-gnu, aarch64-linux-gnu …).
  for (const entry of safeReadDirectory('/usr/lib')) {
    if (entry.endsWith('-linux-gnu')) folders.unshift(path.join('/usr/lib', entry));
  }
  const found = folders
    .map((folder) => path.join(folder, fileName))
    .find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      `Mosquitto's dynamic-security plugin (${fileName}) is not in ${folders.join(', ')}. ` +
        "It ships in Debian's mosquitto package; set MOSQUITTO_DYNSEC_PLUGIN to its path otherwise.",
    );
  }
  return found;
}

function safeReadDirectory(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

const mosquittoBinary = process.env.MOSQUITTO_PATH || '/usr/sbin/mosquitto';
const mosquittoControlBinary = process.env.MOSQUITTO_CTRL_PATH || '/usr/bin/mosquitto_ctrl';

function requireBinary(file: string, variable: string): void {
  if (existsSync(file)) return;
  throw new Error(
    `${file} is missing: the device-link tests need a real Mosquitto with its dynamic-security plugin. ` +
      "Install Debian's packages (apt-get install -y mosquitto mosquitto-clients) " +
      `or set ${variable}.`,
  );
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export interface StartedMosquitto {
  /** `mqtt://admin:password@127.0.0.1:port`: the portal's administrative client. */
  url: string;
  host: string;
  port: number;
  adminUsername: string;
  /** The temp folder holding configuration, dynamic-security file, persistence and log. */
  directory: string;
  /** Everything Mosquitto has logged so far. */
  log(): string;
  /** Stops it with SIGTERM (it saves its persistence) and waits for it to exit. */
  stop(): Promise<void>;
  /** Kills it with SIGKILL: no chance to save anything. */
  kill(): Promise<void>;
  /** Stops it (when running) and starts it again on the same port and folder. */
  restart(): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
}

/** Starts a Mosquitto for one test; resolves once its port accepts connections. */
export async function startMosquitto(): Promise<StartedMosquitto> {
  requireBinary(mosquittoBinary, 'MOSQUITTO_PATH');
  requireBinary(mosquittoControlBinary, 'MOSQUITTO_CTRL_PATH');
  const plugin = findDynamicSecurityPlugin();

  const host = '127.0.0.1';
  const port = await freePort();
  const directory = mkdtempSync(path.join(os.tmpdir(), 'helio-mosquitto-'));
  const adminUsername = 'helio-portal';
  const adminPassword = randomBytes(18).toString('base64url');
  const dynamicSecurityFile = path.join(directory, 'dynamic-security.json');
  const logFile = path.join(directory, 'mosquitto.log');
  const configurationFile = path.join(directory, 'mosquitto.conf');

  // The admin password goes on mosquitto_ctrl's command line: a throwaway secret of a throwaway broker.
  execFileSync(
    mosquittoControlBinary,
    ['dynsec', 'init', dynamicSecurityFile, adminUsername, adminPassword],
    {
      stdio: 'pipe',
    },
  );

  const lines = portalBrokerSettings.map(({ line }) => {
    if (line.startsWith('plugin ')) return `plugin ${plugin}`;
    if (line.startsWith('plugin_opt_config_file ')) return `plugin_opt_config_file ${dynamicSecurityFile}`;
    return line;
  });
  writeFileSync(
    configurationFile,
    [
      `listener ${port} ${host}`,
      ...lines,
      `persistence_location ${directory}/`,
      `log_dest file ${logFile}`,
      'log_timestamp true',
      'log_timestamp_format %Y-%m-%dT%H:%M:%S',
      // Run as whoever runs the test: as root, Mosquitto would otherwise switch to the
      // `mosquitto` user, which cannot write this temp folder.
      `user ${os.userInfo().username}`,
      '',
    ].join('\n'),
  );

  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let standardError = '';

  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');

  async function launch(): Promise<void> {
    standardError = '';
    const started = spawn(mosquittoBinary, ['-c', configurationFile], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = started;
    started.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      standardError += chunk;
    });
    let hasExited = false;
    exited = new Promise((resolve) =>
      started.once('exit', () => {
        hasExited = true;
        resolve();
      }),
    );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (hasExited) break;
      if (await accepts(host, port)) return;
      await sleep(25);
    }
    started.kill('SIGKILL');
    throw new Error(
      `Mosquitto did not start on ${host}:${port}.\nstderr: ${standardError}\nlog:\n${readLog().slice(-4000)}`,
    );
  }

  async function signal(name: NodeJS.Signals): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    running.kill(name);
    await exited;
    child = undefined;
  }

  // A test process that ends without dispose() (a failure in set-up, a crash) takes its broker
  // and its folder along.
  const cleanUpOnExit = () => {
    child?.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
  };
  process.once('exit', cleanUpOnExit);

  await launch();

  return {
    url: `mqtt://${adminUsername}:${encodeURIComponent(adminPassword)}@${host}:${port}`,
    host,
    port,
    adminUsername,
    directory,
    log: readLog,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
    async restart() {
      await signal('SIGTERM');
      // A test process that ends without dispose() (a failure in set-up, a crash) takes its broker
      // and its folder along.
      const cleanUpOnExit = () => {
        child?.kill('SIGKILL');
        rmSync(directory, { recursive: true, force: true });
      };
      process.once('exit', cleanUpOnExit);

      await launch();
    },
    async dispose() {
      process.off('exit', cleanUpOnExit);
      await signal('SIGTERM');
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
