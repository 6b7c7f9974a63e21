import { randomUUID } from 'node:crypto';
import path from 'node:path';
import formBody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { DatabaseHandle } from '@helio/db';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { type DeviceLinkHandle, startDeviceLink } from './device-link/index.ts';
import type { Admission } from './device-link/ingest/ingestor.ts';
import { registerAlarmsAndMessages } from './domains/alarms/module.ts';
import { alarmsRepository } from './domains/alarms/repository.ts';
import { authRepository } from './domains/auth/repository.ts';
import { authRoutes } from './domains/auth/routes.ts';
import { authService } from './domains/auth/service.ts';
import { registerCharging } from './domains/charging/module.ts';
import { commandsRepository } from './domains/commands/repository.ts';
import { type DeviceCommands, deviceCommands } from './domains/commands/service.ts';
import { commonRoutes } from './domains/common/routes.ts';
import { controlAccess } from './domains/control/access.ts';
import { devicePasswords } from './domains/control/device-password.ts';
import { deviceDiagnostics } from './domains/control/diagnostics.ts';
import { controlRepository } from './domains/control/repository.ts';
import { controlRoutes } from './domains/control/routes.ts';
import { SELF_TEST_REPORT_DELAY_MS, selfTestReports } from './domains/control/self-test-report.ts';
import { controlService } from './domains/control/service.ts';
import { devicesRepository } from './domains/devices/repository.ts';
import { devicesRoutes } from './domains/devices/routes.ts';
import { devicesService } from './domains/devices/service.ts';
import { deviceTelemetry } from './domains/devices/telemetry.ts';
import { deviceTelemetryService } from './domains/devices/telemetry-service.ts';
import { ems5000Repository } from './domains/ems5000/repository.ts';
import { ems5000Routes } from './domains/ems5000/routes.ts';
import { ems5000Service } from './domains/ems5000/service.ts';
import { registerFlowDaysJob, stationFlowDays } from './domains/energy/flow-days.ts';
import { flowDaysStore } from './domains/energy/flow-days-store.ts';
import { registerFirmwareCatalogue } from './domains/firmware/catalogue-module.ts';
import { registerUpgradeTasks } from './domains/firmware/tasks-module.ts';
import { messagesRepository } from './domains/messages/repository.ts';
import { operationLog } from './domains/operation-log/repository.ts';
import { plantRepository } from './domains/plant/repository.ts';
import { plantRoutes } from './domains/plant/routes.ts';
import { stationBindings } from './domains/stations/bindings.ts';
import { stationListRepository } from './domains/stations/list-repository.ts';
import { stationListService } from './domains/stations/list-service.ts';
import { photoRoutes } from './domains/stations/photo-routes.ts';
import { photoStore } from './domains/stations/photo-store.ts';
import { preferencesRepository } from './domains/stations/preferences-repository.ts';
import { stationsRepository } from './domains/stations/repository.ts';
import { stationsRoutes } from './domains/stations/routes.ts';
import { stationsService } from './domains/stations/service.ts';
import { statisticsRepository } from './domains/statistics/repository.ts';
import { statisticsRoutes } from './domains/statistics/routes.ts';
import { statisticsService } from './domains/statistics/service.ts';
import { strategiesRepository } from './domains/strategies/repository.ts';
import { strategiesRoutes } from './domains/strategies/routes.ts';
import { strategiesService } from './domains/strategies/service.ts';
import { registerTariffs } from './domains/tariffs/module.ts';
import { tenancy } from './domains/tenancy/tenancy.ts';
import { emailChange } from './domains/users/email-change.ts';
import { emailChangeRepository } from './domains/users/email-change-repository.ts';
import { invitations } from './domains/users/invitations.ts';
import { invitationsRepository } from './domains/users/invitations-repository.ts';
import { passwordReset } from './domains/users/password-reset.ts';
import { usersRepository } from './domains/users/repository.ts';
import { resetCodesRepository } from './domains/users/reset-codes-repository.ts';
import { usersRoutes } from './domains/users/routes.ts';
import { usersService } from './domains/users/service.ts';
import { weatherProvider } from './domains/weather/provider.ts';
import { weatherRepository } from './domains/weather/repository.ts';
import { weatherRoutes } from './domains/weather/routes.ts';
import { weatherService } from './domains/weather/service.ts';
import { CallRegistry, installErrorHandler } from './http/calls.ts';
import { healthRoutes } from './http/health.ts';
import { openApiDocument } from './http/openapi.ts';
import { answerUnroutable, registerSecurityHeaders } from './http/security-headers.ts';
import { serveWebApp } from './http/web-app.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { downloads } from './platform/downloads.ts';
import { downloadsRepository } from './platform/downloads-repository.ts';
import { createJobRunner, type JobRunner } from './platform/jobs/runner.ts';
import { loggerOptions } from './platform/logger.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { throttle } from './platform/throttle.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Where log lines go; the default is standard output. Tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
  /** How old a device's readings may be: the protocol's limits, which only tests widen. */
  admission?: Partial<Admission>;
  /** The time of the job runner and its jobs; tests move it forward instead of sleeping. */
  clock?: Clock;
}

const incomingRequestId = /^[A-Za-z0-9._-]{8,64}$/;

/** Path prefix of the API calls, from API_BASE (which may be a whole URL when the web app is elsewhere). */
export function apiPrefix(apiBase: string): string {
  const { pathname } = new URL(apiBase, 'http://localhost');
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

/** Builds the whole HTTP application: calls, docs, health and the web app. */
export async function buildApp({
  config,
  database,
  logStream,
  admission,
  clock = systemClock,
}: AppDependencies): Promise<{
  app: FastifyInstance;
  calls: CallRegistry;
  deviceLink: DeviceLinkHandle;
  /** The stored commands to devices (domains/commands). */
  commands: DeviceCommands;
  jobs: JobRunner;
  /** Peak-valley usage's split job, to ask for a run (domains/tariffs/module.ts). */
  tariffs: { splitSoon: () => Promise<void> };
  /** Upgrade tasks' rollout job, to ask for a run (domains/firmware/tasks-module.ts). */
  upgrades: { rolloutSoon: () => Promise<void> };
}> {
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    logger: logStream && logger && typeof logger === 'object' ? { ...logger, stream: logStream } : logger,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && incomingRequestId.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Fastify's own answers to unroutable URLs would quote the URL back
    frameworkErrors: answerUnroutable,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandler(app);
  await registerSecurityHeaders(app, { apiBase: config.apiBase, mapTileUrl: config.mapTileUrl });
  await app.register(formBody);

  const prefix = apiPrefix(config.apiBase);
  const { db } = database;
  // everything done later or periodically; started once every job type is registered
  const jobs = createJobRunner({
    db,
    log: app.log.child({ part: 'jobs' }),
    clock,
    singleProcess: database.kind === 'pglite',
  });
  const mailer = createMailer({
    db,
    log: app.log,
    jobs,
    clock,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
  });
  app.addHook('onClose', async () => mailer.close());
  const oplog = operationLog(db);
  const auth = authService(authRepository(db), {
    sessionTtlMs: config.sessionTtlMs,
    throttle: throttle(db),
    operationLog: oplog,
  });
  const calls = new CallRegistry(app, {
    prefix,
    authenticate: (token) => auth.authenticate(token),
    checkAnswers: config.checkAnswers,
  });
  authRoutes(calls, auth);
  commonRoutes(calls, { version: config.version });
  const scopes = tenancy(db);
  const users = usersRepository(db);
  const emailChanges = emailChange({
    repo: emailChangeRepository(db),
    users,
    tenancy: scopes,
    mailer,
    log: oplog,
  });
  // sign-ups per address, name or email lookups and invitations per account: the same hourly limit
  const lookupLimit = { maxFailures: config.signupLimitPerHour, windowMs: 3_600_000, blockMs: 3_600_000 };
  usersRoutes(calls, {
    users: usersService(users, scopes, { emailChange: emailChanges, throttle: throttle(db), lookupLimit }),
    reset: passwordReset(resetCodesRepository(db), users, mailer),
    invitations: invitations({
      repo: invitationsRepository(db),
      users,
      tenancy: scopes,
      messages: messagesRepository(db),
      mailer,
      log: oplog,
      throttle: throttle(db),
      inviteLimit: lookupLimit,
      jobs,
    }),
    emailChange: emailChanges,
  });
  // photos are addressed as the browser sees the API (API_BASE may be a whole URL)
  const photoUrl = (photoId: string) => `${config.apiBase}photos/${photoId}`;
  const stations = stationsRepository(db, photoUrl, clock);
  stationsRoutes(
    calls,
    stationsService(stations, scopes, stationBindings(scopes), oplog),
    stationListService(stationListRepository(db, photoUrl, clock), preferencesRepository(db), scopes),
  );
  const files = downloads(downloadsRepository(db), { apiBase: config.apiBase, prefix });
  files.route(app);
  // one provider and its cache: the weather widget and the charging plans' PV forecast
  const weather = weatherProvider({ baseUrl: config.weatherUrl, log: app.log.child({ part: 'weather' }) });
  weatherRoutes(calls, weatherService(weatherRepository(db), scopes, weather));
  const plant = plantRepository(db, clock);
  // where energy went each day (self-sufficiency, self-consumption): stored by its job, summed by the overview
  const flowDays = stationFlowDays(flowDaysStore(db), plant);
  registerFlowDaysJob({ jobs, flowDays, log: app.log.child({ part: 'flow-days' }) });
  plantRoutes(calls, {
    repo: plant,
    tenancy: scopes,
    downloads: files,
    now: () => clock.now(),
    flowDays,
  });
  photoRoutes(app, calls, photoStore(path.join(config.dataDir, 'photos'), stations), { prefix, photoUrl });
  const alarms = registerAlarmsAndMessages({
    calls,
    db,
    mailer,
    tenancy: scopes,
    operationLog: oplog,
    downloads: files,
    quietMs: config.alarmQuietMs,
    jobs,
  });
  // the commands are the app's; they reach devices through the link, which starts below
  let started: DeviceLinkHandle | undefined;
  const commands = deviceCommands({
    repo: commandsRepository(db),
    channel: () => {
      if (!started) throw new Error('the device link has not started');
      return started.link;
    },
    log: app.log.child({ part: 'commands' }),
    clock,
    ttlMs: config.commandTtlMs,
  });
  const deviceLink = await startDeviceLink({
    db,
    log: app.log.child({ part: 'device-link' }),
    mqttUrl: config.mqttUrl,
    mqttPort: config.mqttPort,
    host: config.host,
    embedded: {
      connectTimeoutMs: config.mqttConnectTimeoutMs,
      maxConnectionsPerAddress: config.mqttMaxConnectionsPerAddress,
      tls: config.mqttTls,
    },
    publicUrl: config.mqttPublicUrl,
    clientId: config.mqttClientId,
    alarmSilentMs: config.alarmSilentMs,
    jobs,
    clock,
    commands,
    onAlarmsOpened: () => alarms.notices.trigger(),
    onRefused: deviceDiagnostics(db, clock, app.log.child({ part: 'diagnostics' })),
    admission,
  });
  started = deviceLink;
  app.addHook('onClose', () => deviceLink.close());
  devicesRoutes(
    calls,
    devicesService(
      devicesRepository(db, clock),
      scopes,
      {
        link: deviceLink.link,
        brokerUrl: deviceLink.brokerUrl,
        forget: (sn) => deviceLink.ingestor.forget(sn),
      },
      oplog,
    ),
    deviceTelemetryService(deviceTelemetry(db), scopes),
  );

  const controlRepo = controlRepository(db);
  const reports = selfTestReports({
    db,
    repo: controlRepo,
    jobs,
    mailer,
    clock,
    log: app.log.child({ part: 'control' }),
    portalUrl: config.portalUrl,
  });
  const access = controlAccess(controlRepo, scopes, clock);
  const remoteControl = controlService({
    db,
    repo: controlRepo,
    tenancy: scopes,
    commands,
    access,
    operationLog: oplog,
    clock,
    scheduleSelfTestReport: reports.schedule,
    selfTestReportDelayMs: SELF_TEST_REPORT_DELAY_MS,
  });
  controlRoutes(
    calls,
    remoteControl,
    devicePasswords({
      repo: controlRepo,
      access,
      throttle: throttle(db, () => clock.now()),
      operationLog: oplog,
      clock,
    }),
  );

  statisticsRoutes(calls, statisticsService(statisticsRepository(db), scopes, auth));
  const tariffs = registerTariffs({
    calls,
    db,
    tenancy: scopes,
    clock,
    jobs,
    downloads: files,
    log: app.log.child({ part: 'tariffs' }),
  });

  // strategy templates and applying them: control's rules for who may act, commands to carry them
  const strategies = strategiesService({
    repo: strategiesRepository(db),
    tenancy: scopes,
    access,
    commands,
    operationLog: oplog,
    clock,
  });
  await strategies.seedSystemTemplates();
  strategiesRoutes(calls, strategies);

  // the EMS 5000 console: a station's EMS as a control target, its parts as settings groups, its modes as strategies
  ems5000Routes(
    calls,
    ems5000Service({
      db,
      repo: ems5000Repository(db),
      plant,
      alarms: alarmsRepository(db),
      tenancy: scopes,
      access,
      control: remoteControl,
      strategies,
      commands: commandsRepository(db),
      clock,
    }),
  );

  // wallbox charging: control's rules of who may act and its commands, the weather's PV forecast
  registerCharging({
    calls,
    db,
    clock,
    jobs,
    log: app.log.child({ part: 'charging' }),
    access,
    control: remoteControl,
    controlRepo,
    commands,
    plant,
    weather,
    tenancy: scopes,
    downloads: files,
    live: { latestAt: ems5000Repository(db).latestAt, commands: commandsRepository(db) },
  });

  // firmware: the operator's signed catalogue, the images' download links, installers' staged upgrades
  const catalogue = registerFirmwareCatalogue({
    app,
    calls,
    db,
    clock,
    jobs,
    log: app.log.child({ part: 'firmware' }),
    operationLog: oplog,
    prefix,
    dataDir: config.dataDir,
    firmwareKeys: config.firmwareKeys,
    portalUrl: config.portalUrl,
  });
  const upgrades = registerUpgradeTasks({
    calls,
    db,
    tenancy: scopes,
    commands,
    access,
    jobs,
    links: catalogue.links,
    clock,
    downloads: files,
    operationLog: oplog,
    log: app.log.child({ part: 'upgrades' }),
  });

  const document = openApiDocument({ version: config.version, prefix });
  app.get(`${prefix}openapi.json`, async () => document);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  // one domain's calls at a time: the UI stops drawing operations past about 135 open at once
  await app.register(swaggerUi, { routePrefix: `${prefix}docs`, uiConfig: { docExpansion: 'none' } });

  healthRoutes(app, {
    db: database.db,
    databaseKind: database.kind,
    version: config.version,
    deviceLinkReady: () => deviceLink.ready(),
  });

  const callPaths = new Set([...calls.registered, ...calls.registeredUploads]);
  const namespaces = [...callPaths].map((callPath) => callPath.split('/', 1)[0] ?? '');
  await serveWebApp(app, {
    webDist: config.webDist,
    apiBase: config.apiBase,
    mapTileUrl: config.mapTileUrl,
    mapAttribution: config.mapAttribution,
    // GET routes of the API besides the calls: photos/<id>, downloads/<ticket>, firmware/download/<token>
    api: {
      prefix,
      calls: callPaths,
      namespaces: new Set([...namespaces, 'photos', 'downloads', 'firmware']),
    },
  });
  await jobs.start();
  // hooks run last to first: jobs under way finish before the device link and the mailer close
  app.addHook('onClose', () => jobs.stop());
  return { app, calls, deviceLink, commands, jobs, tariffs, upgrades };
}
