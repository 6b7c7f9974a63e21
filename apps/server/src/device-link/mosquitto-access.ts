import { randomBytes } from 'node:crypto';
import { snPattern } from '@helio/contracts';
import { ALL_UP_TOPICS, commandTopic, TOPIC_ROOT } from '@helio/contracts/device-link';
import mqtt, { type MqttClient } from 'mqtt';
import type { BrokerAccess } from '../domains/devices/broker-access.ts';

/**
 * Device credentials and ACLs on a real Mosquitto, through its dynamic-security plugin: JSON
 * commands published on `$CONTROL/dynamic-security/v1`, answers on `.../v1/response`.
 *
 * ACL design. Mosquitto 2.0's plugin (the one Debian ships) matches ACL topics literally: it has
 * no `%u`/`%c` substitution (that came with later versions), so one shared "device" role cannot
 * say "only your own serial number". Each device therefore gets its own role, `helio-device-{sn}`,
 * holding exactly two grants: publish on `dev/{sn}/up/+` and subscribe to the literal filter
 * `dev/{sn}/down/command` (a literal grant, so `dev/{sn}/down/#` and every wildcard filter are
 * refused). Everything else falls through to the default access, which `ensureRoles()` sets to
 * deny for publishing and subscribing. The device's dynsec client has username = client id = SN,
 * so its credentials are useless under any other client id, and no device can take over
 * another's session.
 *
 * Every change the plugin makes to a client (new password, client id, roles; deletion) also
 * disconnects that client's live connections ("kick"), which is how rotation and revocation cut
 * off the old session. A kick closes the connection without publishing the device's will.
 */

/** The pino-like logger both halves of the device link write to (fastify's logger fits). */
export interface DeviceLinkLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
  debug(details: object, message: string): void;
}

export interface MosquittoAccessOptions {
  /**
   * MQTT_URL: `mqtt://<portal user>:<password>@host:port`. The portal user is the client that
   * `mosquitto_ctrl dynsec init` created; it administers the plugin.
   */
  url: string;
  log: DeviceLinkLog;
  /** Client id of the administrative connection; a random one by default (clean session). */
  clientId?: string;
  /** How long to wait for the plugin's answer to one request. */
  timeoutMs?: number;
}

export interface MosquittoAccess extends BrokerAccess {
  /**
   * Idempotent set-up at start: default access deny for publishing and subscribing, and the
   * portal's own role (read every device's up topics, publish every device's command topic)
   * given to the portal user. Giving the role the first time disconnects the portal user's
   * connections once (the plugin kicks a client whose roles change); they reconnect by themselves.
   */
  ensureRoles(): Promise<void>;
  close(): Promise<void>;
}

/** Name of the role that holds one device's grants. */
export function deviceRoleName(sn: string): string {
  return `helio-device-${sn}`;
}

/** Name of the role that lets the portal user ingest and command. */
export const portalRoleName = 'helio-portal';

const controlTopic = '$CONTROL/dynamic-security/v1';
const responseTopic = `${controlTopic}/response`;

interface DynamicSecurityCommand {
  command: string;
  [field: string]: unknown;
}

interface DynamicSecurityAnswer {
  command: string;
  error?: string;
  data?: unknown;
  correlationData?: string;
}

/** An error the plugin answered with, e.g. "Client already exists". */
export class DynamicSecurityError extends Error {
  constructor(
    readonly command: string,
    readonly answer: string,
  ) {
    super(`Mosquitto's dynamic-security plugin refused ${command}: ${answer}`);
    this.name = 'DynamicSecurityError';
  }
}

/** The grants of one device: its own up topics and its own command topic, nothing else. */
function deviceAcls(sn: string) {
  return [
    { acltype: 'publishClientSend', topic: `${TOPIC_ROOT}/${sn}/up/+`, allow: true },
    { acltype: 'subscribeLiteral', topic: commandTopic(sn), allow: true },
    { acltype: 'publishClientReceive', topic: commandTopic(sn), allow: true },
  ];
}

/** The portal's grants: every device's up topics in, every device's command topic out. */
function portalAcls() {
  const everyCommandTopic = commandTopic('+');
  return [
    { acltype: 'subscribePattern', topic: ALL_UP_TOPICS, allow: true },
    { acltype: 'subscribePattern', topic: `$share/+/${ALL_UP_TOPICS}`, allow: true },
    { acltype: 'publishClientReceive', topic: ALL_UP_TOPICS, allow: true },
    { acltype: 'publishClientSend', topic: everyCommandTopic, allow: true },
  ];
}

function requireSn(sn: string): void {
  // The SN becomes part of topics and of a role name: anything but the SN shape (letters and
  // digits only) could smuggle a wildcard or a separator into an ACL.
  if (!snPattern.test(sn)) throw new Error(`not a device serial number: ${JSON.stringify(sn)}`);
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export function mosquittoAccess(options: MosquittoAccessOptions): MosquittoAccess {
  const { log } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const portalUsername = decodeURIComponent(new URL(options.url).username);
  if (!portalUsername) {
    throw new Error('MQTT_URL must name the portal user: mqtt://<user>:<password>@host:port');
  }
  const client: MqttClient = mqtt.connect(options.url, {
    protocolVersion: 4,
    clientId: options.clientId ?? `helio-control-${randomBytes(6).toString('hex')}`,
    clean: true,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
    // subscribed below on every connection, once the connection is up
    resubscribe: false,
  });
  /** Requests waiting for their answer, by correlation id. */
  const waiting = new Map<string, (answer: DynamicSecurityAnswer) => void>();
  /** How to fail each request still running, for `close()`. */
  const aborts = new Set<(error: Error) => void>();
  let lastConnectionError: string | undefined;
  const correlationPrefix = randomBytes(6).toString('hex');
  let nextCorrelation = 0;

  // Answers come at QoS 0 and only to the client that asked; one that arrives after its
  // request timed out (or for another request) is simply dropped.
  client.on('message', (topic, payload) => {
    if (topic !== responseTopic) return;
    let answers: unknown;
    try {
      answers = (JSON.parse(payload.toString('utf8')) as { responses?: unknown }).responses;
    } catch {
      log.warn({ topic }, 'unreadable answer from the dynamic-security plugin');
      return;
    }
    if (!Array.isArray(answers)) return;
    for (const answer of answers as DynamicSecurityAnswer[]) {
      const entry = answer.correlationData ? waiting.get(answer.correlationData) : undefined;
      entry?.(answer);
    }
  });
  // The session is clean, so the answer topic is subscribed again on every connection, and
  // requests wait until it is granted (a request sent before would lose its answer).
  let answerTopicReady = false;
  let refusal: string | undefined;
  const whenReadyListeners = new Set<() => void>();
  const whenReady = () =>
    answerTopicReady ? Promise.resolve() : new Promise<void>((resolve) => whenReadyListeners.add(resolve));
  client.on('connect', () => {
    lastConnectionError = undefined;
    client.subscribe(responseTopic, { qos: 1 }, (error, granted) => {
      if (error) return; // the connection dropped: the next one subscribes again
      if (granted?.some((grant) => grant.qos === 0x80)) {
        refusal = `${portalUsername} may not subscribe to ${responseTopic}: is it the dynsec admin user?`;
        log.error({ user: portalUsername }, refusal);
        return;
      }
      answerTopicReady = true;
      for (const listener of [...whenReadyListeners]) listener();
      whenReadyListeners.clear();
    });
  });
  client.on('close', () => {
    answerTopicReady = false;
  });
  client.on('error', (error) => {
    lastConnectionError = error.message;
    log.warn({ err: error.message }, 'device-link control connection error');
  });

  /** Sends the commands in one message and resolves with the answer to each, in order. */
  async function request(
    commands: DynamicSecurityCommand[],
    timeout = timeoutMs,
  ): Promise<DynamicSecurityAnswer[]> {
    const names = commands.map((command) => command.command).join(', ');
    const ids = commands.map(() => `${correlationPrefix}-${++nextCorrelation}`);
    let timer: NodeJS.Timeout | undefined;
    let abort: (error: Error) => void = () => undefined;
    // One deadline for the whole exchange, connecting included: a broker that cannot be
    // reached, or refuses the portal's credentials, fails the request instead of hanging it.
    const failed = new Promise<never>((_, reject) => {
      abort = reject;
      timer = setTimeout(() => {
        const why = !client.connected
          ? `no connection to the broker${lastConnectionError ? ` (${lastConnectionError})` : ''}`
          : (refusal ?? `is the plugin loaded and is ${portalUsername} its admin user?`);
        reject(
          new Error(
            `Mosquitto's dynamic-security plugin did not answer (${names}) within ${timeout} ms: ${why}`,
          ),
        );
      }, timeout);
    });
    aborts.add(abort);
    const answers = ids.map(
      (id) => new Promise<DynamicSecurityAnswer>((resolve) => waiting.set(id, resolve)),
    );
    try {
      await Promise.race([whenReady(), failed]);
      const body = {
        commands: commands.map((command, index) => ({ ...command, correlationData: ids[index] })),
      };
      // The body may hold a device secret: it goes to the broker and nowhere else, never to a log.
      client.publish(controlTopic, JSON.stringify(body), { qos: 1 });
      return await Promise.race([Promise.all(answers), failed]);
    } finally {
      clearTimeout(timer);
      aborts.delete(abort);
      for (const id of ids) waiting.delete(id);
    }
  }

  /** One command; resolves when it succeeded or failed only with one of the `harmless` answers. */
  async function run(
    command: DynamicSecurityCommand,
    harmless: string[] = [],
  ): Promise<DynamicSecurityAnswer> {
    const [answer] = await request([command]);
    if (answer?.error && !harmless.includes(answer.error)) {
      throw new DynamicSecurityError(command.command, answer.error);
    }
    return answer!;
  }

  async function portalRoles(): Promise<string[]> {
    const answer = await run({ command: 'getClient', username: portalUsername });
    const roles = (answer.data as { client?: { roles?: { rolename: string }[] } } | undefined)?.client?.roles;
    return (roles ?? []).map((role) => role.rolename);
  }

  return {
    async ensureRoles() {
      await run({
        command: 'setDefaultACLAccess',
        acls: [
          { acltype: 'publishClientSend', allow: false },
          { acltype: 'subscribe', allow: false },
        ],
      });
      await run({ command: 'createRole', rolename: portalRoleName, acls: portalAcls() }, [
        'Role already exists',
      ]);
      if ((await portalRoles()).includes(portalRoleName)) return;
      // Adding a role kicks every connection of the portal user, this one included, so the
      // answer may be lost (answers are QoS 0) and mqtt.js may resend the request after it
      // reconnects (the plugin then answers "Internal error", as 2.0 does for a role a client
      // already has). The answer proves nothing either way: read the client back instead.
      log.info({ user: portalUsername, role: portalRoleName }, 'giving the portal user its device-link role');
      await request([{ command: 'addClientRole', username: portalUsername, rolename: portalRoleName }]).catch(
        () => undefined,
      );
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const roles = await portalRoles().catch(() => [] as string[]);
        if (roles.includes(portalRoleName)) return;
        if (Date.now() > deadline) {
          throw new Error(
            `could not give ${portalUsername} the role ${portalRoleName} in Mosquitto's dynamic security`,
          );
        }
        await sleep(200);
      }
    },

    async provision(sn, secret) {
      requireSn(sn);
      if (!secret) throw new Error('a device secret must not be empty');
      const rolename = deviceRoleName(sn);
      await run({ command: 'createRole', rolename, acls: deviceAcls(sn) }, ['Role already exists']);
      const created = await run(
        { command: 'createClient', username: sn, password: secret, clientid: sn, roles: [{ rolename }] },
        ['Client already exists'],
      );
      if (created.error) {
        // A known device: new secret, client id and roles in one step; the plugin then
        // disconnects every live connection of that username, so the old secret's session ends.
        await run({
          command: 'modifyClient',
          username: sn,
          password: secret,
          clientid: sn,
          roles: [{ rolename }],
        });
      }
      log.info({ sn, replaced: Boolean(created.error) }, 'device credentials provisioned on Mosquitto');
    },

    async revoke(sn) {
      requireSn(sn);
      // Deleting the client refuses its next connect and kicks its live connections.
      await run({ command: 'deleteClient', username: sn }, ['Client not found']);
      await run({ command: 'deleteRole', rolename: deviceRoleName(sn) }, ['Role not found']);
      log.info({ sn }, 'device credentials revoked on Mosquitto');
    },

    async close() {
      for (const abort of [...aborts]) abort(new Error('the device-link control connection is closed'));
      await client.endAsync();
    },
  };
}
